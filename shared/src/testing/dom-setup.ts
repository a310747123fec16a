import { configure } from '@testing-library/react';

// The component tests run two packages at a time on a 2-core CI machine, beside other work: a
// `findBy…` that waits the default 1 s fails there although the page is right. Waiting longer
// costs nothing when the element comes at once, and a missing element still fails.
configure({ asyncUtilTimeout: 5_000 });
