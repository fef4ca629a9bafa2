import { Alert, Badge, Box, Button, Code, Grid, HStack, Image, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { TWO_FACTOR_CODE_MESSAGE, TWO_FACTOR_CODE_PATTERN, type TwoFactorSetup } from '@wkflow/contracts';
import { Form, Formik } from 'formik';
import { Copy, ShieldCheck, Smartphone } from 'lucide-react';
import { useState } from 'react';
import * as yup from 'yup';
import { FormikInput } from '../../components/FormikInput';
import { PasswordInput } from '../../components/PasswordInput';
import { SectionCard } from '../../components/SectionCard';
import { copyText } from '../../lib/clipboard';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { disableTwoFactor, enableTwoFactor, startTwoFactorSetup, useTwoFactorStatus } from '../auth/twoFactor.api';

const codeSchema = yup.object({ code: yup.string().required('Digite o código').matches(TWO_FACTOR_CODE_PATTERN, TWO_FACTOR_CODE_MESSAGE) });
const disableSchema = yup.object({
  password: yup.string().required('Informe sua senha'),
  code: yup.string().trim().required('Digite um código do aplicativo ou de recuperação'),
});

/** The secret as apps ask for it typed: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * 'Verificação em duas etapas' in 'Meu perfil': turn it on (QR code or typed key, then a first code,
 * then the recovery codes shown once), see how many recovery codes are left, turn it off with the
 * password and a code (not when the access profile requires it). `onEnabled` runs once it is on.
 */
export function TwoFactorCard({ onEnabled }: { onEnabled?: () => void }) {
  const { data: status, error, isLoading } = useTwoFactorStatus();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  async function start() {
    setStarting(true);
    try {
      setSetup(await startTwoFactorSetup());
    } catch (err) {
      toast.error('Erro ao iniciar a configuração', errorMessage(err));
    } finally {
      setStarting(false);
    }
  }

  async function confirm({ code }: { code: string }) {
    try {
      setRecoveryCodes(await enableTwoFactor(code.replace(/\s/g, '')));
      setSetup(null);
      toast.success('Verificação em duas etapas ativada');
    } catch (err) {
      toast.error('Não foi possível ativar', errorMessage(err));
    }
  }

  let body;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => (setRecoveryCodes(null), onEnabled?.())} />;
  else if (error) body = <Text color="fg.error">{errorMessage(error, 'Não foi possível carregar a verificação em duas etapas.')}</Text>;
  else if (isLoading || !status) body = <Skeleton h="16" />;
  else if (setup) body = <SetupSteps setup={setup} onConfirm={confirm} onCancel={() => setSetup(null)} />;
  else if (status.enabled) body = <EnabledState recoveryCodesLeft={status.recoveryCodesLeft} required={status.required} />;
  else
    body = (
      <Stack gap="4">
        {status.required && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>Seu perfil de acesso exige a verificação em duas etapas.</Alert.Description>
          </Alert.Root>
        )}
        <Text color="fg.muted" textStyle="sm">
          Além da senha, o login pede um código do aplicativo autenticador do seu celular (Google Authenticator, Microsoft Authenticator,
          Authy, 1Password…). Quem descobrir sua senha não entra sem ele.
        </Text>
        <HStack justify="flex-end">
          <Button colorPalette="brand" onClick={start} loading={starting} loadingText="Gerando...">
            <ShieldCheck /> Ativar verificação em duas etapas
          </Button>
        </HStack>
      </Stack>
    );

  return (
    <SectionCard title="Verificação em duas etapas" icon={<Smartphone />}>
      <Box data-testid="two-factor-card">{body}</Box>
    </SectionCard>
  );
}

function SetupSteps({
  setup,
  onConfirm,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onConfirm: (values: { code: string }) => Promise<void>;
  onCancel: () => void;
}) {
  return (
    <Stack gap="4">
      <Grid templateColumns={{ base: '1fr', md: 'auto 1fr' }} gap="5" alignItems="start">
        <Image
          src={setup.qrCode}
          alt="Código QR para o aplicativo autenticador"
          boxSize="200px"
          rounded="l2"
          borderWidth="1px"
          bg="white"
        />
        <List.Root as="ol" gap="3" textStyle="sm" ps="5">
          <List.Item>Abra o aplicativo autenticador do celular e escaneie o código QR.</List.Item>
          <List.Item>
            Sem câmera? Digite esta chave no aplicativo:{' '}
            <Code data-testid="two-factor-secret" wordBreak="break-all">
              {grouped(setup.secret)}
            </Code>
          </List.Item>
          <List.Item>Digite abaixo o código de 6 dígitos que o aplicativo mostra.</List.Item>
        </List.Root>
      </Grid>
      <Formik initialValues={{ code: '' }} validationSchema={codeSchema} onSubmit={onConfirm}>
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Confirmar a verificação em duas etapas">
            <Stack gap="4">
              <FormikInput name="code" label="Código do aplicativo" inputMode="numeric" autoComplete="one-time-code" placeholder="123456" />
              <HStack justify="flex-end" gap="3" flexWrap="wrap">
                <Button variant="outline" onClick={onCancel} disabled={isSubmitting}>
                  Cancelar
                </Button>
                <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Ativando...">
                  Confirmar e ativar
                </Button>
              </HStack>
            </Stack>
          </Form>
        )}
      </Formik>
    </Stack>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  async function copy() {
    try {
      await copyText(codes.join('\n'));
      toast.success('Códigos copiados');
    } catch {
      toast.error('Não foi possível copiar', 'Selecione os códigos e copie-os manualmente.');
    }
  }
  return (
    <Stack gap="4" data-testid="recovery-codes">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Description>
          Guarde estes códigos de recuperação em um lugar seguro. Cada um permite entrar uma vez sem o celular, e eles não serão mostrados
          de novo.
        </Alert.Description>
      </Alert.Root>
      <Grid
        as="ul"
        listStyleType="none"
        templateColumns={{ base: '1fr 1fr', md: 'repeat(5, 1fr)' }}
        gap="2"
        aria-label="Códigos de recuperação"
      >
        {codes.map((code) => (
          <Box as="li" key={code} fontFamily="mono" textStyle="sm" borderWidth="1px" rounded="l1" px="2" py="1" textAlign="center">
            {code}
          </Box>
        ))}
      </Grid>
      <HStack justify="flex-end" gap="3" flexWrap="wrap">
        <Button variant="outline" onClick={copy}>
          <Copy /> Copiar códigos
        </Button>
        <Button colorPalette="brand" onClick={onDone}>
          Guardei os códigos
        </Button>
      </HStack>
    </Stack>
  );
}

function EnabledState({ recoveryCodesLeft, required }: { recoveryCodesLeft: number; required: boolean }) {
  async function onSubmit(values: { password: string; code: string }) {
    try {
      await disableTwoFactor(values.password, values.code.trim());
      toast.success('Verificação em duas etapas desativada');
    } catch (err) {
      toast.error('Não foi possível desativar', errorMessage(err));
    }
  }
  return (
    <Stack gap="4">
      <HStack gap="2" flexWrap="wrap">
        <Badge colorPalette="green" variant="subtle" data-testid="two-factor-on">
          Ativa
        </Badge>
        <Text color="fg.muted" textStyle="sm">
          {recoveryCodesLeft === 1 ? 'Resta 1 código de recuperação.' : `Restam ${recoveryCodesLeft} códigos de recuperação.`}
        </Text>
      </HStack>
      {required ? (
        <Text color="fg.muted" textStyle="sm">
          Seu perfil de acesso exige a verificação em duas etapas: ela não pode ser desativada.
        </Text>
      ) : (
        <Formik initialValues={{ password: '', code: '' }} validationSchema={disableSchema} onSubmit={onSubmit}>
          {({ isSubmitting }) => (
            <Form noValidate aria-label="Desativar a verificação em duas etapas">
              <Stack gap="4">
                <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                  <PasswordInput name="password" label="Senha atual" autoComplete="current-password" />
                  <FormikInput name="code" label="Código do aplicativo ou de recuperação" autoComplete="one-time-code" />
                </Grid>
                <HStack justify="flex-end">
                  <Button type="submit" variant="outline" colorPalette="red" loading={isSubmitting} loadingText="Desativando...">
                    Desativar
                  </Button>
                </HStack>
              </Stack>
            </Form>
          )}
        </Formik>
      )}
    </Stack>
  );
}
