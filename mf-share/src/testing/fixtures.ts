/** Referral API answers as the API sends them (shapes of @cardwallet/shared/schemas referral.ts). */
export const page = <T>(data: T[], current = 1, last = 1, total = data.length) => ({
  data,
  current_page: current,
  last_page: last,
  per_page: 15,
  total,
});

export const inviteFixture = {
  userId: '100001',
  inviteCode: 'K7QM2RXA',
  invitePath: '/pages/passport/invitation?refereeId=100001',
  rates: {
    currency: 'USD',
    openCard: { level1: '5', level2: '2' },
    recharge: { level1: '1', level2: '0.5' },
    monthlyCap: '200',
  },
};

export const summaryFixture = {
  currency: 'USD',
  total: '42.5',
  thisMonth: '22.5',
  monthlyCap: '200',
  bonus: '10',
  level1: { openCard: '15', recharge: '8.4', total: '23.4', friends: 4 },
  level2: { openCard: '4', recharge: '5.1', total: '9.1', friends: 2 },
};

export const friend = (i: number, level = 1) => ({
  displayName: `f${level}-${i}***@example.com`,
  registeredAt: '2026-11-20T10:00:00.000Z',
  cardCount: i % 3,
  rechargeTotal: String(i * 10),
  earned: String(i),
});

export const cashback = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  kind: 'recharge',
  level: 1,
  friend: 'am***@cardwallet.test',
  baseAmount: '150',
  amount: '1.5',
  status: 'paid',
  createdAt: '2026-11-21T09:30:00.000Z',
  ...over,
});

export const campaignFixture = (over: Record<string, unknown> = {}) => ({
  id: '1',
  name: 'Invite 5 friends, earn 20 USD',
  startsAt: new Date(Date.now() - 5 * 86400_000).toISOString(),
  endsAt: new Date(Date.now() + 20 * 86400_000).toISOString(),
  goal: 5,
  bonus: '20',
  currency: 'USD',
  progress: 3,
  awardedAt: null,
  ...over,
});
