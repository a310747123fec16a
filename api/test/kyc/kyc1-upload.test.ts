import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import {
  dateYearsAgo,
  files,
  jpegWithGps,
  multipart,
  png,
  removeScratch,
  kycTestEnv,
  useScratchUploads,
} from './support';

const scratch = useScratchUploads();

describe.each(testDrivers())('KYC level 1 and image upload on %s', (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, kycTestEnv(scratch));
  });
  afterAll(async () => {
    await t?.close();
    removeScratch(scratch);
  });

  async function upload(token: string, parts: ReturnType<typeof files>, opts: { truncate?: boolean } = {}) {
    const { payload, headers } = multipart(parts, opts);
    const res = await t.inject({
      method: 'POST',
      url: '/api/upload/image',
      payload,
      headers: { ...headers, 'access-token': token },
    });
    expect(res.statusCode).toBe(200);
    return JSON.parse(res.body);
  }
  async function uploadedId(token: string) {
    const res = await upload(token, files(png()));
    expect(res.code).toBe(200);
    return res.data.files[0].id as string;
  }
  const details = (images: string[], over: Record<string, unknown> = {}) => ({
    country: 'GB',
    documentType: 'passport',
    firstName: 'Alex',
    lastName: 'Morgan',
    documentNumber: '533401286',
    birthDate: '1990-05-14',
    documentImages: images,
    ...over,
  });

  it('stores images by content, strips GPS, serves them only to their owner', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const jpeg = jpegWithGps();
    const res = await upload(a.token, [
      { name: 'file', filename: 'x.txt', type: 'text/plain', data: jpeg },
      ...files(png()),
    ]);
    expect(res.code).toBe(200);
    expect(res.data.files.map((f: { contentType: string }) => f.contentType)).toEqual(['image/jpeg', 'image/png']);
    const id = res.data.files[0].id;
    const mine = await t.inject({
      method: 'GET',
      url: `/api/upload/image/${id}`,
      headers: { 'access-token': a.token },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    const stored = mine.rawPayload;
    expect(stored.length).toBe(jpeg.length);
    // The latitude rationals 48/1 51/1 29/1 and the 'N' reference are gone; orientation stays.
    const lat = Buffer.alloc(24);
    [48, 1, 51, 1, 29, 1].forEach((v, i) => lat.writeUInt32LE(v, i * 4));
    expect(jpeg.includes(lat)).toBe(true);
    expect(stored.includes(lat)).toBe(false);
    expect(stored.includes(Buffer.from([0x12, 0x01, 0x03, 0x00, 0x01, 0, 0, 0, 0x06, 0x00]))).toBe(true);
    const theirs = await t.inject({
      method: 'GET',
      url: `/api/upload/image/${id}`,
      headers: { 'access-token': b.token },
    });
    expect(JSON.parse(theirs.body)).toMatchObject({ code: 404, key: 'not_found' });
    const anon = await t.inject({ method: 'GET', url: `/api/upload/image/${id}` });
    expect(JSON.parse(anon.body)).toMatchObject({ code: 401 });
  });

  it('refuses non-images, oversize, truncated, too many and non-multipart uploads with a clear error', async () => {
    const u = await t.createUser();
    const text = await upload(u.token, [
      {
        name: 'file',
        filename: 'photo.jpg',
        type: 'image/jpeg',
        data: Buffer.from('GIF89a not really an image at all'),
      },
    ]);
    expect(text).toMatchObject({ code: 422, key: 'upload_not_image' });
    const cut = jpegWithGps();
    const truncatedImage = await upload(u.token, files(cut.subarray(0, cut.length - 30)));
    expect(truncatedImage).toMatchObject({ code: 422, key: 'upload_incomplete' });
    const truncatedBody = await upload(u.token, files(png(), png()), { truncate: true });
    expect(truncatedBody).toMatchObject({ code: 422, key: 'upload_incomplete' });
    const j = jpegWithGps();
    const big = Buffer.concat([j.subarray(0, j.length - 2), Buffer.alloc(20 * 1024 * 1024), j.subarray(j.length - 2)]);
    const tooBig = await upload(u.token, files(big));
    expect(tooBig).toMatchObject({ code: 422, key: 'upload_too_large', msg: 'The image must not exceed 20M.' });
    const many = await upload(u.token, files(...Array.from({ length: 53 }, () => png())));
    expect(many).toMatchObject({ code: 422, key: 'upload_too_many_files' });
    const empty = await upload(u.token, []);
    expect(empty).toMatchObject({ code: 422, key: 'upload_empty' });
    const json = await t.post('upload/image', { file: 'x' }, { token: u.token });
    expect(json).toMatchObject({ code: 422 });
    const anon = multipart(files(png()));
    const noSession = await t.inject({
      method: 'POST',
      url: '/api/upload/image',
      payload: anon.payload,
      headers: anon.headers,
    });
    expect(JSON.parse(noSession.body).code).toBe(401);
    // Nothing of the refused uploads was kept.
    const [row] = await t.database.sql.query<{ n: number }>(
      `select count(*)::int as n from uploaded_images where user_id = $1::bigint`,
      [u.userId],
    );
    expect(row!.n).toBe(0);
    const fiftyTwo = await upload(u.token, files(...Array.from({ length: 52 }, () => png())));
    expect(fiftyTwo.code).toBe(200);
    expect(fiftyTwo.data.files).toHaveLength(52);
  }, 60_000);

  it('checks every field, in the customer language', async () => {
    const u = await t.createUser();
    const img = await uploadedId(u.token);
    const empty = await t.post('kyc/level1', {}, { token: u.token, locale: 'tr-TR' });
    expect(empty.code).toBe(422);
    expect(Object.keys(empty.data.fields).sort()).toEqual([
      'birthDate',
      'country',
      'documentImages',
      'documentNumber',
      'documentType',
      'firstName',
      'lastName',
    ]);
    expect(empty.data.fields.firstName).toBe('Bu alan zorunludur.');
    const badName = await t.post('kyc/level1', details([img], { firstName: 'Al3x' }), { token: u.token });
    expect(badName.data.fields).toEqual({ firstName: 'Enter the name as printed on the document, in letters only.' });
    const badNumber = await t.post('kyc/level1', details([img], { documentNumber: 'AB12' }), { token: u.token });
    expect(Object.keys(badNumber.data.fields)).toEqual(['documentNumber']);
    const badTrId = await t.post(
      'kyc/level1',
      details([img], { country: 'TR', documentType: 'id_card', documentNumber: '12345678901' }),
      { token: u.token },
    );
    expect(Object.keys(badTrId.data.fields)).toEqual(['documentNumber']);
    const goodTrId = await t.post(
      'kyc/level1',
      details([img], {
        country: 'TR',
        documentType: 'id_card',
        documentNumber: '10000000146',
        birthDate: '2031-01-01',
      }),
      { token: u.token },
    );
    expect(Object.keys(goodTrId.data.fields)).toEqual(['birthDate']); // number accepted, date in the future refused
    const badDate = await t.post('kyc/level1', details([img], { birthDate: '1990-02-30' }), { token: u.token });
    expect(Object.keys(badDate.data.fields)).toEqual(['birthDate']);
    const noCountry = await t.post('kyc/level1', details([img], { country: 'XX' }), { token: u.token });
    expect(Object.keys(noCountry.data.fields)).toEqual(['country']);
  });

  it('refuses under 18 until the 18th birthday, and counts a leap-day birthday from 1 March', async () => {
    const u = await t.createUser();
    const img = await uploadedId(u.token);
    const now = t.clock.now();
    const dayBefore = await t.post('kyc/level1', details([img], { birthDate: dateYearsAgo(now, 18, 1) }), {
      token: u.token,
    });
    expect(dayBefore).toMatchObject({ code: 422, key: 'kyc_under_18' });
    expect(dayBefore.data.fields.birthDate).toBe('Under 18 cannot open cards.');
    const ar = await t.post('kyc/level1', details([img], { birthDate: dateYearsAgo(now, 10) }), {
      token: u.token,
      locale: 'ar-AE',
    });
    expect(ar.data.fields.birthDate).toBe('لا يمكن لمن هم دون 18 عامًا فتح بطاقات.');
    let status = await t.get('kyc/status', {}, { token: u.token });
    expect(status.data.level).toBe(0);

    // Leap day: born 2008-02-29 → still 17 on 2026-02-28, 18 on 2026-03-01.
    const leap = await t.createUser();
    const leapImg = await uploadedId(leap.token);
    const moveTo = (iso: string) => t.clock.advance(new Date(`${iso}T12:00:00Z`).getTime() - t.clock.now().getTime());
    moveTo('2026-02-28');
    const feb28 = await t.post('kyc/level1', details([leapImg], { birthDate: '2008-02-29' }), { token: leap.token });
    expect(feb28.key).toBe('kyc_under_18');
    moveTo('2026-03-01');
    const mar1 = await t.post('kyc/level1', details([leapImg], { birthDate: '2008-02-29' }), { token: leap.token });
    expect(mar1.code).toBe(200);
    expect(mar1.data.level1.state).toBe('verified');
    t.clock.advance(Date.now() - t.clock.now().getTime());

    const onBirthday = await t.post('kyc/level1', details([img], { birthDate: dateYearsAgo(t.clock.now(), 18) }), {
      token: u.token,
    });
    expect(onBirthday.code).toBe(200);
    status = await t.get('kyc/status', {}, { token: u.token });
    expect(status.data.level).toBe(1);
    const [row] = await t.database.sql.query<{ kyc_level: number; birth_date: string }>(
      `select kyc_level::int as kyc_level, birth_date::text as birth_date from users where id = $1::bigint`,
      [u.userId],
    );
    expect(row).toEqual({ kyc_level: 1, birth_date: dateYearsAgo(t.clock.now(), 18) });
  });

  it('fails "document number or name wrong" by the sandbox rule, keeps the details, accepts a corrected resubmission', async () => {
    const u = await t.createUser();
    const img = await uploadedId(u.token);
    const wrong = await t.post('kyc/level1', details([img], { documentNumber: '123450000' }), {
      token: u.token,
      locale: 'zh-HK',
    });
    expect(wrong).toMatchObject({ code: 500, key: 'kyc_document_mismatch', msg: '證件號碼或姓名錯誤。' });
    const status = await t.get('kyc/status', {}, { token: u.token });
    expect(status.data.level1).toMatchObject({
      state: 'failed',
      reasonKey: 'kyc_document_mismatch',
      reason: 'The document number or name is wrong.',
    });
    expect(status.data.level1.details).toMatchObject({ documentNumber: '123450000', firstName: 'Alex' });
    const fixed = await t.post('kyc/level1', details([img]), { token: u.token });
    expect(fixed.code).toBe(200);
    expect(fixed.data.level1.state).toBe('verified');
    expect(fixed.data.level1.details.documentNumber).toBe('•••••1286');
    const again = await t.post('kyc/level1', details([img]), { token: u.token });
    expect(again.key).toBe('kyc1_already_verified');
    // The wallet's transfer gate now opens.
    const info = await t.get('wallet/transferInfo', {}, { token: u.token });
    expect(info.data.kycLevel1).toBe(true);
  });

  it('limits failed submissions to 10 a day per customer', async () => {
    const u = await t.createUser();
    const img = await uploadedId(u.token);
    for (let i = 0; i < 10; i++) {
      expect(
        (await t.post('kyc/level1', details([img], { documentNumber: `12345${i}0000`.slice(-9) }), { token: u.token }))
          .key,
      ).toBe('kyc_document_mismatch');
    }
    expect(await t.post('kyc/level1', details([img]), { token: u.token })).toMatchObject({
      code: 429,
      key: 'rate_limited',
    });
    t.clock.advance(86400_000 + 1000);
    expect((await t.post('kyc/level1', details([img]), { token: u.token })).code).toBe(200);
    t.clock.advance(-(86400_000 + 1000));
  });

  it("never accepts another customer's image", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const imgA = await uploadedId(a.token);
    const res = await t.post('kyc/level1', details([imgA]), { token: b.token });
    expect(res).toMatchObject({ code: 404, key: 'not_found' });
    const unknown = await t.post('kyc/level1', details(['A'.repeat(22)]), { token: b.token });
    expect(unknown).toMatchObject({ code: 404, key: 'not_found' });
  });
});
