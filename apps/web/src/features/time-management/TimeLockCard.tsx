import { Button, Card, Field, Flex, HStack, Input, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { formatIsoDate, LOCK_DAYS_MAX, lockSettingsError, type TimeLock, type TimeLockMode } from '@wkflow/contracts';
import { Lock, LockOpen } from 'lucide-react';
import { useEffect, useState } from 'react';
import { appTimeZone } from '../../lib/appTimeZone';
import { errorMessage } from '../../lib/fetcher';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePermissions } from '../auth/usePermissions';
import { saveTimeLock, useTimeLock } from './timeEntries.api';
import { Panel } from '../../components/Panel';

const MODES: [TimeLockMode, string][] = [
  ['none', 'Sem bloqueio'],
  ['date', 'Até uma data'],
  ['days', 'Registros com mais de N dias'],
];

/** What the card says about the lock in force. */
export function lockSummary(lock: TimeLock | undefined): string {
  if (!lock?.effectiveDate) return 'Nenhum período bloqueado: todos os registros podem ser alterados.';
  const rule = lock.mode === 'days' ? ` (registros com mais de ${lock.lockDays} dias)` : '';
  return `Período bloqueado até ${formatIsoDate(lock.effectiveDate)}${rule}.`;
}

/**
 * The lockdown period, for time_tracking write: entries on or before the date can then be created,
 * edited or deleted only by write. Everyone else sees the locked rows' buttons disabled.
 */
export function TimeLockCard() {
  const { can } = usePermissions();
  const canWrite = can('time_tracking', 'write');
  const { data: lock } = useTimeLock(canWrite);
  const [mode, setMode] = useState<TimeLockMode>('none');
  const [lockDate, setLockDate] = useState('');
  const [lockDays, setLockDays] = useState('30');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!lock) return;
    setMode(lock.mode);
    setLockDate(lock.lockDate ?? '');
    if (lock.lockDays) setLockDays(String(lock.lockDays));
  }, [lock]);

  if (!canWrite) return null;

  async function save() {
    const settings = {
      mode,
      lockDate: mode === 'date' ? lockDate : null,
      lockDays: mode === 'days' ? Number(lockDays) : null,
    };
    const invalid = lockSettingsError(settings, new Date(), appTimeZone());
    setError(invalid);
    if (invalid) return;
    setSaving(true);
    try {
      const saved = await saveTimeLock(settings);
      toast.success('Período bloqueado atualizado', lockSummary(saved));
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Panel mb="6" as="section" aria-labelledby="time-lock-title" data-testid="time-lock-card">
      <Card.Body gap="4">
        <Flex align="center" gap="3">
          <Flex color="brand.fg">{lock?.effectiveDate ? <Lock /> : <LockOpen />}</Flex>
          <Stack gap="0">
            <Text id="time-lock-title" fontWeight="semibold">
              Período bloqueado
            </Text>
            <Text textStyle="sm" color="fg.muted" data-testid="time-lock-summary">
              {lockSummary(lock)}
              {lock?.updatedByName && lock.updatedAt && ` Definido por ${lock.updatedByName} em ${formatDateTime(lock.updatedAt)}.`}
            </Text>
          </Stack>
        </Flex>
        <RadioGroup.Root
          colorPalette="brand"
          size="sm"
          value={mode}
          onValueChange={(e) => setMode(e.value as TimeLockMode)}
          aria-label="Bloqueio"
        >
          <HStack gap="5" wrap="wrap">
            {MODES.map(([value, label]) => (
              <RadioGroup.Item key={value} value={value}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
        <Flex gap="3" align="flex-end" wrap="wrap">
          {mode === 'date' && (
            <Field.Root w="auto" invalid={Boolean(error)}>
              <Field.Label>Bloquear até (inclusive)</Field.Label>
              <Input type="date" size="sm" value={lockDate} onChange={(e) => setLockDate(e.target.value)} data-testid="time-lock-date" />
            </Field.Root>
          )}
          {mode === 'days' && (
            <Field.Root w="auto" invalid={Boolean(error)}>
              <Field.Label>Dias</Field.Label>
              <Input
                type="number"
                size="sm"
                w="28"
                min={1}
                max={LOCK_DAYS_MAX}
                value={lockDays}
                onChange={(e) => setLockDays(e.target.value)}
                data-testid="time-lock-days"
              />
            </Field.Root>
          )}
          <Button size="sm" colorPalette="brand" onClick={() => void save()} loading={saving} data-testid="time-lock-save">
            Salvar
          </Button>
        </Flex>
        {error && (
          <Text textStyle="sm" color="fg.error" role="alert">
            {error}
          </Text>
        )}
        <Text textStyle="xs" color="fg.muted">
          Registros até a data bloqueada só podem ser criados, editados ou removidos por quem tem permissão de escrita em Controle de Tempo.
        </Text>
      </Card.Body>
    </Panel>
  );
}
