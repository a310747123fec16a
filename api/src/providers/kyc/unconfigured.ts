import {
  VerificationProviderError,
  type AccessToken,
  type DocumentCheckResult,
  type VerificationProvider,
} from './types.js';

/**
 * Outside sandbox mode no real verification provider is wired yet: every call fails cleanly
 * (kyc_provider_unavailable) instead of verifying anybody. A real integration implements
 * VerificationProvider against the provider's API (docs/kyc.md).
 */
export class UnconfiguredVerificationProvider implements VerificationProvider {
  readonly name = 'unconfigured';
  readonly level2Name = 'level2';
  async checkDocument(): Promise<DocumentCheckResult> {
    throw new VerificationProviderError('no verification provider is configured');
  }
  async createApplicant(): Promise<{ applicantId: string }> {
    throw new VerificationProviderError('no verification provider is configured');
  }
  async createAccessToken(): Promise<AccessToken> {
    throw new VerificationProviderError('no verification provider is configured');
  }
  async resetApplicant(): Promise<void> {
    throw new VerificationProviderError('no verification provider is configured');
  }
}
