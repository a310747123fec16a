// Form helpers every feature app's forms use (bundled and tree-shaken per app, like ./schemas).
export { FieldErrorText, useFieldErrorText } from './field-error';
export { QueryBoundary, createQueryClient } from './query-client';
export { useCountdown } from './use-countdown';
export { useDebounced } from './use-debounced';
export {
  defaultPasskeyName,
  isPasskeyCancel,
  passkeyErrorMessage,
  passkeyListQueryKey,
  passkeyListQueryOptions,
  passkeysUsableHere,
} from './passkeys';
export { PasskeyConfirmButton, type PasskeyConfirmButtonProps } from './passkey-confirm-button';
// The one API-error helper every feature app uses.
export { apiErrorMessage, apiFieldErrors } from './api-error';
// The one server-field-error helper.
export { applyServerFieldErrors } from './form-errors';
// The one send-code button, labels from the caller's namespace.
export { SendCodeButton, type SendCodeButtonProps } from './send-code-button';
// The one react-hook-form text input.
export { PasswordField, TextField, type TextFieldProps } from './text-field';
// The one form-level error message; class `cw-form-alert`.
export { FormAlert } from './form-alert';
// The error message and submit button that end a one-step form.
export { FormSubmit, type FormSubmitProps } from './form-submit';
// One image upload for every feature app: straight to the bucket when one is configured, else through the API (issue 27).
export { uploadImageFile } from './upload-image';
// The one passkey proof and the offer's condition.
export { passkeyProof, usePasskeyOffered, type PasskeyProof } from './passkey-proof';
// "Confirm with passkey" with the app's passkeys.* texts.
export { PasskeyProofButton } from './passkey-proof-button';
// TextFields grouped as antd-mobile's form list, without antd-mobile's Form (rc-field-form and its validators).
export { FieldGroup, type FieldGroupProps } from './field-group';
export { FieldItem, type FieldItemProps } from './field-item';
// The one amount input (docs/amounts.md): locale-aware reading, the figure understood shown live, limits at the field.
export { AmountField, type AmountFieldProps } from './amount-field';
export { amountSchema } from './amount-schema';
export { amountMessage, formatFieldAmount } from './amount-message';
// A holding cut toward zero, the exact figure one tap away.
export { AmountReveal } from './amount-reveal';
