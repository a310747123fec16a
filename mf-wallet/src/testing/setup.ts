// jsdom lacks what antd-mobile's Popup / NumberKeyboard call on a real phone browser.
if (!Element.prototype.setPointerCapture) Element.prototype.setPointerCapture = () => undefined;
if (!Element.prototype.releasePointerCapture) Element.prototype.releasePointerCapture = () => undefined;
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
