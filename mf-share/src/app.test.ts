import { describeFeatureAppContract } from '@cardwallet/shared/testing';
import app from './app';

describeFeatureAppContract(app, { name: 'mf_share', namespace: 'share', routePrefix: '/pages/share/' });
