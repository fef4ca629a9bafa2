import { Alert, Box, Button, Card, Flex, Grid, Skeleton, Stack, Switch, Text, VisuallyHidden } from '@chakra-ui/react';
import { NOTIFICATION_LABELS, type NotificationPreference } from '@wkflow/contracts';
import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { toast } from '../../lib/toast';
import { browserPermission, requestBrowserPermission } from './browserAlerts';
import { saveNotificationPreferences, useNotificationPreferences } from './notifications.api';
import { togglePreference, type PreferenceChannel } from './notifications.logic';
import { Panel } from '../../components/Panel';

const CHANNELS: { key: PreferenceChannel; label: string }[] = [
  { key: 'emailEnabled', label: 'E-mail' },
  { key: 'browserEnabled', label: 'Navegador' },
  { key: 'soundEnabled', label: 'Som' },
];

/** /notifications: per type, e-mail / browser / sound; one save stores them all (extended.md §2.8). */
export default function NotificationSettingsPage() {
  const { data, error, isLoading } = useNotificationPreferences();
  const [draft, setDraft] = useState<NotificationPreference[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [permission, setPermission] = useState(browserPermission);
  const preferences = draft ?? data ?? [];
  const browserAllowed = permission === 'granted';

  useEffect(() => {
    if (error) toast.error('Erro', 'Não foi possível carregar as configurações de notificação.');
  }, [error]);

  async function save() {
    setSaving(true);
    try {
      await saveNotificationPreferences(preferences);
      setDraft(null);
      toast.success('Sucesso', 'Configurações de notificação salvas.');
    } catch {
      toast.error('Erro', 'Não foi possível salvar as configurações.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Box maxW="4xl">
      <PageHeader
        title="Configurações de Notificação"
        description="Escolha como deseja ser avisado: e-mail, navegador e som."
        actions={
          <Button colorPalette="brand" onClick={() => void save()} loading={saving} disabled={!preferences.length}>
            <Save /> Salvar configurações
          </Button>
        }
      />
      {!browserAllowed && (
        <Alert.Root status="info" mb="4" variant="subtle">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Notificações do navegador desativadas</Alert.Title>
            <Alert.Description>Permita as notificações do navegador para ativar os avisos no navegador.</Alert.Description>
          </Alert.Content>
          {permission !== 'denied' && permission !== null && (
            <Button size="sm" variant="outline" alignSelf="center" onClick={() => void requestBrowserPermission().then(setPermission)}>
              Ativar
            </Button>
          )}
        </Alert.Root>
      )}
      <Panel>
        <Card.Body p="0">
          <Grid
            templateColumns={{ base: '1fr', md: '1fr repeat(3, 7rem)' }}
            px="5"
            py="3"
            borderBottomWidth="1px"
            borderColor="border.muted"
            hideBelow="md"
            color="fg.muted"
            textStyle="xs"
            fontWeight="medium"
            textTransform="uppercase"
            letterSpacing="wide"
          >
            <Text>Tipo</Text>
            {CHANNELS.map((c) => (
              <Text key={c.key} textAlign="center">
                {c.label}
              </Text>
            ))}
          </Grid>
          {isLoading ? (
            <Stack p="5" gap="3">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} h="6" />
              ))}
            </Stack>
          ) : (
            preferences.map((p) => (
              <Grid
                key={p.type}
                templateColumns={{ base: '1fr', md: '1fr repeat(3, 7rem)' }}
                alignItems="center"
                gap={{ base: '2', md: '0' }}
                px="5"
                py="3"
                borderBottomWidth="1px"
                borderColor="border.muted"
                _last={{ borderBottomWidth: 0 }}
                data-testid={`preference-${p.type}`}
              >
                <Text fontWeight="medium">{NOTIFICATION_LABELS[p.type]}</Text>
                {CHANNELS.map((c) => {
                  const disabled = c.key === 'browserEnabled' && !browserAllowed;
                  return (
                    <Flex key={c.key} justify={{ base: 'flex-start', md: 'center' }}>
                      <Switch.Root
                        size="sm"
                        colorPalette="brand"
                        checked={p[c.key]}
                        disabled={disabled}
                        onCheckedChange={(e) => setDraft(togglePreference(preferences, p.type, c.key, e.checked))}
                        data-testid={`toggle-${p.type}-${c.key}`}
                      >
                        <Switch.HiddenInput />
                        <Switch.Control />
                        {/* The column header names the channel on wide screens; readers always hear channel and type. */}
                        <Switch.Label srOnly={{ base: false, md: true }} textStyle="sm" color="fg.muted">
                          {c.label}
                          <VisuallyHidden>({NOTIFICATION_LABELS[p.type]})</VisuallyHidden>
                        </Switch.Label>
                      </Switch.Root>
                    </Flex>
                  );
                })}
              </Grid>
            ))
          )}
        </Card.Body>
      </Panel>
    </Box>
  );
}
