import { describeFeatureAppContract } from '@cardwallet/shared/testing';
import app from './app';

describeFeatureAppContract(app, { name: 'mf_user', namespace: 'user', routePrefix: '/pages/user/' });
