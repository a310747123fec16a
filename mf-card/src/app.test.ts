import { describeFeatureAppContract } from '@cardwallet/shared/testing';
import app from './app';

describeFeatureAppContract(app, { name: 'mf_card', namespace: 'card', routePrefix: '/pages/card/' });
