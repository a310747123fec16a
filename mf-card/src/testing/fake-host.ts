// The fake host and HTTP boundary shared by every feature app's component tests.
export * from '@cardwallet/shared/testing/fake-host';
