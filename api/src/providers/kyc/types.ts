/**
 * The identity-verification provider (docs/kyc.md). Shaped like Sumsub: level 1 is a document
 * check answered in the call; level 2 is an applicant at the provider who goes through the
 * provider's own hosted flow with a short-lived access token; its decision reaches us only as a
 * signed webhook (`POST /api/kyc/webhook`), never from the browser.
 */
export interface DocumentCheckInput {
  userId: string;
  country: string;
  documentType: 'id_card' | 'driving_licence' | 'passport';
  firstName: string;
  lastName: string;
  documentNumber: string;
  birthDate: string;
  /** sha256 of each document image (the provider receives the images themselves in production). */
  imageDigests: string[];
}

export type DocumentCheckResult =
  | { decision: 'verified'; reference: string }
  /** `document_mismatch`: the registry does not know this number under this name (spec §8). */
  | { decision: 'rejected'; reference: string; reason: 'document_mismatch' };

export interface ApplicantInfo {
  firstName: string;
  lastName: string;
  documentNumber: string;
  country: string;
  birthDate: string;
}

export interface AccessToken {
  token: string;
  expiresAt: Date;
  /** The provider's hosted flow for this token, in the customer's language. */
  flowUrl: string;
}

export interface VerificationProvider {
  readonly name: string;
  /** The level name configured at the provider for our level 2 (Sumsub: `levelName`). */
  readonly level2Name: string;
  checkDocument(input: DocumentCheckInput): Promise<DocumentCheckResult>;
  /** Creates (or returns the existing) applicant for our user id. */
  createApplicant(externalUserId: string, levelName: string, info: ApplicantInfo): Promise<{ applicantId: string }>;
  /** A short-lived token for the provider's flow (Sumsub: ttlInSecs, one per applicant + level). */
  createAccessToken(
    externalUserId: string,
    applicantId: string,
    levelName: string,
    ttlSeconds: number,
    locale: string,
  ): Promise<AccessToken>;
  /** After RED + RETRY: lets the applicant go through the flow again. */
  resetApplicant(applicantId: string): Promise<void>;
}

export class VerificationProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VerificationProviderError';
  }
}

/** A webhook event (Sumsub's shape; no personal data in it). */
export interface ProviderWebhookEvent {
  type: 'applicantCreated' | 'applicantPending' | 'applicantReviewed' | 'applicantOnHold' | 'applicantReset';
  applicantId: string;
  externalUserId: string;
  levelName: string;
  reviewStatus: string;
  createdAtMs: string;
  reviewResult?: {
    reviewAnswer: 'GREEN' | 'RED';
    rejectLabels?: string[];
    reviewRejectType?: 'RETRY' | 'FINAL';
    moderationComment?: string;
  };
}
