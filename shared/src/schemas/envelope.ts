import './zod-config';
import { z } from 'zod';
import { ERROR_KEYS } from '../api/envelope';

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), msg: z.string(), key: z.enum(ERROR_KEYS).optional(), data });
