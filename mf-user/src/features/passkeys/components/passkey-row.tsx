import { useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { useHost } from '@cardwallet/shared';
import type { PasskeyItem } from '@cardwallet/shared/schemas';
import { useTranslation } from 'react-i18next';
import { useRemovePasskey } from '../api/remove-passkey';
import { useRenamePasskey } from '../api/rename-passkey';
import { apiErrorMessage, passkeyErrorMessage } from '@cardwallet/shared/forms';

/** One passkey: name, created and last-used dates; rename in place, remove after a confirmation. */
export function PasskeyRow({ passkey }: { passkey: PasskeyItem }) {
  const { t } = useTranslation('user');
  const host = useHost();
  const language = host.i18n.useLanguage();
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const date = (iso: string) => new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
  const inputId = `passkey-name-${passkey.id}`;

  const save = async () => {
    setError(null);
    if (!name.trim()) return setError(t('passkeys.nameRequired'));
    try {
      await rename.mutateAsync({ id: passkey.id, name: name.trim() });
      setEditing(false);
      host.toast.show(t('passkeys.renamed'), { icon: 'success' });
    } catch (e) {
      setError(passkeyErrorMessage(e, t, apiErrorMessage));
    }
  };
  const confirmRemove = async () => {
    const sure = await host.modal.confirm({
      title: t('passkeys.removeTitle'),
      content: t('passkeys.removeConfirm', { name: passkey.name }),
      confirmText: t('passkeys.remove'),
      cancelText: t('common.cancel'),
    });
    if (!sure) return;
    try {
      await remove.mutateAsync(passkey.id);
      host.toast.show(t('passkeys.removed'), { icon: 'success' });
    } catch (e) {
      setError(passkeyErrorMessage(e, t, apiErrorMessage));
    }
  };

  return (
    <li className="passkey-row" aria-label={passkey.name}>
      {editing ? (
        <form
          className="passkey-rename"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <label htmlFor={inputId} className="passkey-label">
            {t('passkeys.nameLabel')}
          </label>
          <Input
            id={inputId}
            value={name}
            onChange={setName}
            maxLength={64}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${inputId}-error` : undefined}
          />
          <div className="passkey-buttons">
            <Button size="small" color="primary" type="submit" loading={rename.isPending} disabled={rename.isPending}>
              {t('passkeys.save')}
            </Button>
            <Button
              size="small"
              type="button"
              onClick={() => {
                setEditing(false);
                setName(passkey.name);
                setError(null);
              }}
            >
              {t('common.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="passkey-name">{passkey.name}</p>
          <p className="passkey-meta">
            {t('passkeys.created', { date: date(passkey.createdAt) })}
            {' · '}
            {passkey.lastUsedAt ? t('passkeys.lastUsed', { date: date(passkey.lastUsedAt) }) : t('passkeys.neverUsed')}
          </p>
          <div className="passkey-buttons">
            <Button
              size="small"
              aria-label={t('passkeys.renameLabel', { name: passkey.name })}
              onClick={() => setEditing(true)}
            >
              {t('passkeys.rename')}
            </Button>
            <Button
              size="small"
              className="passkey-remove"
              fill="outline"
              loading={remove.isPending}
              disabled={remove.isPending}
              aria-label={t('passkeys.removeLabel', { name: passkey.name })}
              onClick={() => void confirmRemove()}
            >
              {t('passkeys.remove')}
            </Button>
          </div>
        </>
      )}
      {error && (
        <p role="alert" id={`${inputId}-error`} className="passkey-error">
          {error}
        </p>
      )}
    </li>
  );
}
