import { Alert, Badge, Box, Button, Code, Field, Grid, HStack, NativeSelect, Skeleton, Stack, Switch, Text, Wrap } from '@chakra-ui/react';
import { type ApiToken, apiTokenScopeLabel, type CreatedApiToken, isAdmin, MODULE_LABELS, MODULES } from '@wkflow/contracts';
import { Form, Formik, type FormikHelpers } from 'formik';
import { Copy, KeySquare, Plus } from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormikInput } from '../../components/FormikInput';
import { FormikSelect } from '../../components/FormikSelect';
import { SectionCard } from '../../components/SectionCard';
import { copyText } from '../../lib/clipboard';
import { errorMessage } from '../../lib/fetcher';
import { formatDate, formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { usePermissions } from '../auth/usePermissions';
import { useCurrentUser } from '../auth/useCurrentUser';
import {
  expiryIn,
  newTokenInitialValues,
  newTokenSchema,
  type NewTokenValues,
  type ScopeChoice,
  scopesOf,
  TOKEN_LIFETIMES,
} from './apiTokens.logic';
import { createApiToken, revokeApiToken, useApiTokens } from './profile.api';

/**
 * 'Tokens de API' in 'Meu perfil': tokens for scripts and other systems (`Authorization: Bearer`),
 * each with a name, scopes per module and an expiry; the secret is shown once. Administrators can
 * list and revoke everyone's.
 */
export function ApiTokensCard() {
  const { user } = useCurrentUser();
  const admin = user ? isAdmin(user) : false;
  const [everyone, setEveryone] = useState(false);
  const { data: tokens, error, isLoading } = useApiTokens(admin && everyone);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);

  return (
    <SectionCard title="Tokens de API" icon={<KeySquare />}>
      <Stack gap="4" data-testid="api-tokens">
        <Text color="fg.muted" textStyle="sm">
          Para integrações e scripts: envie o token no cabeçalho <Code>Authorization: Bearer …</Code>. Ele só alcança os módulos dos seus
          escopos, e nunca mais do que você mesmo pode.
        </Text>
        {created && <NewTokenSecret token={created} onDone={() => setCreated(null)} />}
        {creating ? (
          <NewTokenForm
            onCreated={(token) => {
              setCreated(token);
              setCreating(false);
            }}
            onCancel={() => setCreating(false)}
          />
        ) : (
          <HStack justify="space-between" flexWrap="wrap" gap="3">
            {admin ? (
              <Switch.Root checked={everyone} onCheckedChange={(e) => setEveryone(e.checked)} colorPalette="brand" size="sm">
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>Mostrar os tokens de todos</Switch.Label>
              </Switch.Root>
            ) : (
              <span />
            )}
            <Button colorPalette="brand" variant="outline" onClick={() => setCreating(true)}>
              <Plus /> Novo token
            </Button>
          </HStack>
        )}
        {error ? (
          <Text color="fg.error">{errorMessage(error, 'Não foi possível carregar os tokens.')}</Text>
        ) : isLoading && !tokens ? (
          <Skeleton h="14" />
        ) : tokens?.length ? (
          <Stack as="ul" gap="3" listStyleType="none" aria-label="Tokens de API">
            {tokens.map((token) => (
              <TokenRow key={token.id} token={token} showOwner={everyone && token.owner.id !== user?.id} />
            ))}
          </Stack>
        ) : (
          <Text color="fg.muted" textStyle="sm" data-testid="api-tokens-empty">
            Nenhum token ativo.
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}

/** The secret, this once, with a copy button. */
function NewTokenSecret({ token, onDone }: { token: CreatedApiToken; onDone: () => void }) {
  return (
    <Alert.Root status="success" role="status" data-testid="api-token-secret">
      <Alert.Indicator />
      <Alert.Content gap="2" minW="0">
        <Alert.Title>Token "{token.name}" criado</Alert.Title>
        <Alert.Description>Copie-o agora: ele não será mostrado de novo.</Alert.Description>
        <Code wordBreak="break-all" p="2" data-testid="api-token-value">
          {token.token}
        </Code>
        <HStack gap="2">
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              copyText(token.token).then(
                () => toast.success('Token copiado'),
                () => toast.error('Não foi possível copiar'),
              )
            }
          >
            <Copy /> Copiar
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            Concluído
          </Button>
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}

const CHOICE_LABELS: Record<ScopeChoice, string> = { none: 'Sem acesso', read: 'Leitura', write: 'Leitura e escrita' };

/** Name, validity and a level per module the user can read himself (a token never reaches more). */
function NewTokenForm({ onCreated, onCancel }: { onCreated: (token: CreatedApiToken) => void; onCancel: () => void }) {
  const { can } = usePermissions();
  const modules = MODULES.filter((module) => can(module, 'read'));

  async function submit(values: NewTokenValues, helpers: FormikHelpers<NewTokenValues>) {
    try {
      onCreated(await createApiToken({ name: values.name.trim(), scopes: scopesOf(values.choices), expiresAt: expiryIn(values.days) }));
    } catch (err) {
      toast.error('Erro ao criar o token', errorMessage(err));
      helpers.setSubmitting(false);
    }
  }

  return (
    <Formik initialValues={newTokenInitialValues} validationSchema={newTokenSchema} onSubmit={submit}>
      {({ values, errors, submitCount, isSubmitting, setFieldValue }) => (
        <Form noValidate aria-label="Novo token de API">
          <Stack gap="4" borderWidth="1px" borderColor="border" rounded="l2" p="4">
            <Grid templateColumns={{ base: '1fr', md: '2fr 1fr' }} gap="4">
              <FormikInput id="api-token-name" name="name" label="Nome" placeholder="Ex.: Planilha financeira" maxLength={80} />
              <Field.Root>
                <Field.Label>Validade</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field value={values.days} onChange={(e) => setFieldValue('days', Number(e.target.value))}>
                    {TOKEN_LIFETIMES.map((lifetime) => (
                      <option key={lifetime.days} value={lifetime.days}>
                        {lifetime.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            </Grid>
            <Field.Root invalid={submitCount > 0 && Boolean(errors.choices)}>
              <Field.Label as="span">Escopos</Field.Label>
              <Grid templateColumns={{ base: '1fr', sm: '1fr 1fr' }} gap="3" w="full">
                {modules.map((module) => (
                  <FormikSelect key={module} name={`choices.${module}`} label={MODULE_LABELS[module]} testId={`api-token-scope-${module}`}>
                    {(Object.keys(CHOICE_LABELS) as ScopeChoice[]).map((choice) => (
                      <option key={choice} value={choice}>
                        {CHOICE_LABELS[choice]}
                      </option>
                    ))}
                  </FormikSelect>
                ))}
              </Grid>
              <Field.ErrorText>{typeof errors.choices === 'string' ? errors.choices : null}</Field.ErrorText>
            </Field.Root>
            <HStack justify="flex-end" gap="2">
              <Button variant="ghost" onClick={onCancel}>
                Cancelar
              </Button>
              <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Criando...">
                Criar token
              </Button>
            </HStack>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

function TokenRow({ token, showOwner }: { token: ApiToken; showOwner: boolean }) {
  const [confirming, setConfirming] = useState(false);

  async function revoke() {
    try {
      await revokeApiToken(token.id);
      toast.success('Token revogado', `"${token.name}" deixou de funcionar.`);
    } catch (err) {
      toast.error('Erro ao revogar o token', errorMessage(err));
      throw err;
    }
  }

  return (
    <Box as="li" borderWidth="1px" borderColor="border" rounded="l2" p="3" data-testid="api-token-row">
      <HStack gap="3" align="flex-start" justify="space-between" flexWrap="wrap">
        <Stack gap="1" minW="0" flex="1">
          <Text fontWeight="medium">
            {token.name}
            {showOwner ? <Text as="span" color="fg.muted" fontWeight="normal">{` · ${token.owner.name}`}</Text> : null}
          </Text>
          <Wrap gap="1">
            {token.scopes.map((scope) => (
              <Badge key={scope} variant="subtle" colorPalette={scope.endsWith(':write') ? 'orange' : 'gray'}>
                {apiTokenScopeLabel(scope)}
              </Badge>
            ))}
          </Wrap>
          <Text color="fg.muted" textStyle="sm">
            Expira em {formatDate(token.expiresAt)} · {token.lastUsedAt ? `Último uso: ${formatDateTime(token.lastUsedAt)}` : 'Nunca usado'}
          </Text>
        </Stack>
        <Button
          size="sm"
          variant="ghost"
          colorPalette="red"
          onClick={() => setConfirming(true)}
          aria-label={`Revogar o token ${token.name}`}
        >
          Revogar
        </Button>
      </HStack>
      <ConfirmDialog open={confirming} onOpenChange={setConfirming} title="Revogar token de API" confirmLabel="Revogar" onConfirm={revoke}>
        O token "{token.name}" deixa de funcionar imediatamente. O que o usa precisará de um novo token.
      </ConfirmDialog>
    </Box>
  );
}
