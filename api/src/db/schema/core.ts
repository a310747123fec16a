import { bigint, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Drizzle view of migrations/0001_core.sql (the SQL files are the source of truth). */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });

export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const users = pgTable('users', {
  id: id('id').primaryKey().generatedByDefaultAsIdentity(),
  email: text('email'),
  mobile: text('mobile'),
  passwordHash: text('password_hash').notNull(),
  inviteCode: text('invite_code').notNull(),
  refereeId: id('referee_id'),
  kycLevel: smallint('kyc_level').notNull().default(0),
  status: text('status', { enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
  agreementVersion: text('agreement_version').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: id('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  platform: text('platform'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});

export const admins = pgTable('admins', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  status: text('status', { enum: ['active', 'disabled'] })
    .notNull()
    .default('active'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const adminSessions = pgTable('admin_sessions', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  adminId: id('admin_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  ip: text('ip'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});

export const verificationCodes = pgTable('verification_codes', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  account: text('account').notNull(),
  purpose: text('purpose', { enum: ['register', 'reset_password', 'bind', 'paypass'] }).notNull(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  consumedAt: ts('consumed_at'),
  burntAt: ts('burnt_at'),
});

export const resetTickets = pgTable('reset_tickets', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: id('user_id').notNull(),
  ticketHash: text('ticket_hash').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const loginFailures = pgTable('login_failures', {
  accountKey: text('account_key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: ts('window_started_at').notNull(),
  lockedUntil: ts('locked_until'),
});

export const idempotencyKeys = pgTable('idempotency_keys', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  scope: text('scope').notNull(),
  endpoint: text('endpoint').notNull(),
  idemKey: text('idem_key').notNull(),
  requestHash: text('request_hash').notNull(),
  response: jsonb('response'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const outboxMessages = pgTable('outbox_messages', {
  id: id('id').primaryKey().generatedAlwaysAsIdentity(),
  channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
