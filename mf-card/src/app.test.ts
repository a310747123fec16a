import { describeFeatureAppContract } from '@cardwallet/shared/testing';
import app from './app';

// Card brand names and the tier name "Premium" are the same words in Turkish.
describeFeatureAppContract(app, {
  name: 'mf_card',
  namespace: 'card',
  routePrefix: '/pages/card/',
  sameInEveryLanguage: ['brand.visa', 'brand.mastercard', 'tier.premium'],
});
