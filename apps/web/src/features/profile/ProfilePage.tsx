import { Avatar, Badge, Box, Button, Card, Center, Grid, HStack, Heading, Icon, List, Separator, Stack, Text } from '@chakra-ui/react';
import type { User } from '@wkflow/contracts';
import { Form, Formik, type FormikHelpers } from 'formik';
import { AtSign, CalendarDays, KeyRound, Save, ShieldAlert, ShieldCheck, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormikInput } from '../../components/FormikInput';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { PageHeader } from '../../components/PageHeader';
import { PasswordInput } from '../../components/PasswordInput';
import { errorMessage } from '../../lib/fetcher';
import { formatDate, initials } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/useCurrentUser';
import { profileName } from '../users/users.logic';
import {
  ownPasswordInitialValues,
  ownPasswordSchema,
  profileInfoSchema,
  toProfilePayload,
  type OwnPasswordValues,
  type ProfileInfoValues,
} from '../users/users.schemas';
import { listOf, useAccessProfiles } from '../users/useUsers';
import { changeOwnPassword, updateOwnProfile } from './profile.api';
import { Panel } from '../../components/Panel';
import { SectionCard } from '../../components/SectionCard';
import { ApiTokensCard } from './ApiTokensCard';
import { SessionsCard } from './SessionsCard';
import { TwoFactorCard } from './TwoFactorCard';

const SECURITY_TIPS = [
  'Use pelo menos 8 caracteres, combinando letras, números e símbolos.',
  'Não reutilize a senha de outros serviços.',
  'Nunca compartilhe sua senha, nem com colegas de equipe.',
  'Troque a senha se suspeitar que alguém a conhece.',
  'Ao alterar a senha, as outras sessões abertas são encerradas.',
];

/** /profile: account info, the personal info form, the change-password form, security tips and the open sessions. */
export default function ProfilePage() {
  const { user, error, isLoading } = useCurrentUser();

  if (isLoading && !user) return <FullPageSpinner minH="50vh" />;

  return (
    <Box>
      <PageHeader
        title="Meu Perfil"
        description="Informações da conta, dados pessoais, senha, verificação em duas etapas, sessões e tokens de API."
      />
      {!user || error ? (
        <Panel data-testid="profile-error">
          <Card.Body>
            <Center py="12">
              <Text color="fg.error">Não foi possível carregar o perfil do usuário</Text>
            </Center>
          </Card.Body>
        </Panel>
      ) : (
        <Grid templateColumns={{ base: '1fr', lg: '320px 1fr' }} gap="5" alignItems="start">
          <AccountCard user={user} />
          <Stack gap="5" minW="0">
            <PersonalInfoForm key={user.id} user={user} />
            <Grid templateColumns={{ base: '1fr', xl: '3fr 2fr' }} gap="5" alignItems="start">
              <ChangePasswordForm />
              <SecurityTips />
            </Grid>
            <TwoFactorCard />
            <SessionsCard />
            <ApiTokensCard />
          </Stack>
        </Grid>
      )}
    </Box>
  );
}

function AccountCard({ user }: { user: User }) {
  const profiles = listOf(useAccessProfiles().data);
  return (
    <Panel data-testid="account-info">
      <Card.Body>
        <Stack align="center" textAlign="center" gap="2">
          <Avatar.Root size="2xl" colorPalette="brand" variant="solid">
            <Avatar.Fallback>{initials(user.name || user.username)}</Avatar.Fallback>
          </Avatar.Root>
          <Heading as="h2" size="lg" mt="2">
            {user.name}
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            {user.email}
          </Text>
        </Stack>
        <Separator my="5" />
        <Stack gap="3" textStyle="sm">
          <InfoRow icon={<AtSign />} label="Nome de usuário">
            <Text fontWeight="medium" data-testid="account-username">
              {user.username}
            </Text>
          </InfoRow>
          <InfoRow icon={<ShieldCheck />} label="Perfil de acesso">
            <Badge colorPalette="brand" variant="subtle" data-testid="account-profile">
              {profileName(profiles, user.accessProfileId)}
            </Badge>
          </InfoRow>
          <InfoRow icon={<CalendarDays />} label="Membro desde">
            <Text fontWeight="medium">{formatDate(user.createdAt) || '—'}</Text>
          </InfoRow>
        </Stack>
      </Card.Body>
    </Panel>
  );
}

function InfoRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <HStack justify="space-between" gap="3">
      <HStack gap="2" color="fg.muted">
        <Icon boxSize="4">{icon}</Icon>
        <Text>{label}</Text>
      </HStack>
      {children}
    </HStack>
  );
}

function PersonalInfoForm({ user }: { user: User }) {
  async function onSubmit(values: ProfileInfoValues, helpers: FormikHelpers<ProfileInfoValues>) {
    const payload = toProfilePayload(values);
    try {
      await updateOwnProfile(payload);
      toast.success('Perfil atualizado com sucesso!');
      helpers.resetForm({ values: payload });
    } catch (error) {
      toast.error(errorMessage(error, 'Erro ao atualizar perfil'));
    }
  }

  return (
    <SectionCard title="Informações pessoais" icon={<UserRound />}>
      <Formik initialValues={{ name: user.name ?? '', email: user.email ?? '' }} validationSchema={profileInfoSchema} onSubmit={onSubmit}>
        {({ isSubmitting, dirty }) => (
          <Form noValidate aria-label="Informações pessoais">
            <Stack gap="4">
              <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
                <FormikInput name="name" label="Nome" autoComplete="name" />
                <FormikInput name="email" label="E-mail" type="email" autoComplete="email" />
              </Grid>
              <HStack justify="flex-end">
                <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Salvando..." disabled={!dirty}>
                  <Save /> Salvar alterações
                </Button>
              </HStack>
            </Stack>
          </Form>
        )}
      </Formik>
    </SectionCard>
  );
}

function ChangePasswordForm() {
  async function onSubmit(values: OwnPasswordValues, helpers: FormikHelpers<OwnPasswordValues>) {
    try {
      await changeOwnPassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      toast.success('Senha alterada com sucesso!');
      helpers.resetForm();
    } catch (error) {
      toast.error(errorMessage(error, 'Erro ao alterar senha'));
    }
  }

  return (
    <SectionCard title="Alterar senha" icon={<KeyRound />}>
      <Formik initialValues={ownPasswordInitialValues} validationSchema={ownPasswordSchema} onSubmit={onSubmit}>
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Alterar senha">
            <Stack gap="4">
              <PasswordInput name="currentPassword" label="Senha atual" autoComplete="current-password" />
              <PasswordInput name="newPassword" label="Nova senha" autoComplete="new-password" placeholder="Mínimo de 8 caracteres" />
              <PasswordInput name="confirmPassword" label="Confirmar nova senha" autoComplete="new-password" />
              <HStack justify="flex-end">
                <Button type="submit" colorPalette="brand" variant="outline" loading={isSubmitting} loadingText="Alterando...">
                  <KeyRound /> Alterar senha
                </Button>
              </HStack>
            </Stack>
          </Form>
        )}
      </Formik>
    </SectionCard>
  );
}

function SecurityTips() {
  return (
    <SectionCard title="Dicas de segurança" icon={<ShieldAlert />}>
      <List.Root gap="2.5" variant="plain" textStyle="sm" color="fg.muted" data-testid="security-tips">
        {SECURITY_TIPS.map((tip) => (
          <List.Item key={tip} alignItems="flex-start">
            <List.Indicator asChild color="green.fg" mt="0.5">
              <ShieldCheck size={16} />
            </List.Indicator>
            {tip}
          </List.Item>
        ))}
      </List.Root>
    </SectionCard>
  );
}
