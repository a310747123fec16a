import { describeFeatureAppContract } from '@cardwallet/shared/testing';
import app from './app';

describeFeatureAppContract(app, { name: 'mf_wallet', namespace: 'wallet', routePrefix: '/pages/wallet/' });
