import { Box, Button, Card, Center, DataList, Grid, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { KeyRound, LogOut, Save, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { useParams } from 'react-router';
import { FormikInput } from '../../components/FormikInput';
import { NotFound } from '../../components/NotFound';
import { PageHeader } from '../../components/PageHeader';
import { PasswordInput } from '../../components/PasswordInput';
import { errorMessage, errorStatus } from '../../lib/fetcher';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth/useCurrentUser';
import { usePermissions } from '../auth/usePermissions';
import { BackToUsers } from './BackToUsers';
import { ProfileSelect } from './ProfileSelect';
import { UserStatusBadge } from './UserStatusBadge';
import { endUserSessions, setUserPassword, updateUser } from './users.api';
import {
  adminPasswordInitialValues,
  adminPasswordSchema,
  editUserSchema,
  editUserValues,
  toUpdateUserPayload,
  type EditUserValues,
} from './users.schemas';
import { ADMIN_PROFILE_ID, type AccessProfile, type SetUserPasswordRequest, type User } from '@wkflow/contracts';
import { listOf, useAccessProfiles, useUser } from './useUsers';
import { Panel } from '../../components/Panel';
import { SectionCard } from '../../components/SectionCard';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/** /users/{id}/edit: read-only id, status and creation date; the info form, the password form and ending the user's sessions. */
export default function UserEditPage() {
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const { can } = usePermissions();
  const canWrite = can('users', 'write');
  const { data: user, error, isLoading } = useUser(validId ? id : null);
  const profiles = listOf(useAccessProfiles().data);

  if (!validId || errorStatus(error) === 404)
    return (
      <NotFound
        title="Usuário não encontrado"
        message="O usuário pode ter sido removido ou o endereço está incorreto."
        backTo="/users"
        backLabel="Voltar para usuários"
        testId="user-not-found"
      />
    );
  if (error) {
    return (
      <Box>
        <BackToUsers />
        <Center py="12">
          <Text color="fg.error">{errorMessage(error, 'Não foi possível carregar o usuário.')}</Text>
        </Center>
      </Box>
    );
  }
  if (isLoading || !user) {
    return (
      <Stack gap="5" data-testid="loading">
        <BackToUsers />
        <Skeleton h="9" w="72" />
        <Skeleton h="24" rounded="l3" />
        <Skeleton h="72" rounded="l3" />
      </Stack>
    );
  }

  return (
    <Box>
      <BackToUsers />
      <PageHeader title="Editar Usuário" description={`${user.name} · @${user.username}`} />
      <Stack gap="5">
        <AccountSummary user={user} profiles={profiles} />
        {canWrite ? (
          <Grid templateColumns={{ base: '1fr', xl: '3fr 2fr' }} gap="5" alignItems="start">
            <InfoForm key={`info-${user.id}`} user={user} profiles={profiles} />
            <PasswordForm key={`password-${user.id}`} user={user} />
            {user.isApproved && <EndSessionsCard user={user} />}
          </Grid>
        ) : (
          <Text color="fg.muted">Você não tem permissão para editar usuários.</Text>
        )}
      </Stack>
    </Box>
  );
}

function AccountSummary({ user, profiles }: { user: User; profiles: readonly AccessProfile[] }) {
  const requested = user.requestedProfileId ? profiles.find((p) => p.id === user.requestedProfileId) : undefined;
  return (
    <Panel>
      <Card.Body>
        <DataList.Root
          orientation="horizontal"
          size="md"
          gap="3"
          display="grid"
          gridTemplateColumns={{ base: '1fr', md: `repeat(${requested ? 4 : 3}, 1fr)` }}
        >
          <DataList.Item flexDirection="column" alignItems="flex-start" gap="1">
            <DataList.ItemLabel>ID</DataList.ItemLabel>
            <DataList.ItemValue data-testid="user-id">{user.id}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item flexDirection="column" alignItems="flex-start" gap="1">
            <DataList.ItemLabel>Status</DataList.ItemLabel>
            <DataList.ItemValue>
              <UserStatusBadge user={user} />
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item flexDirection="column" alignItems="flex-start" gap="1">
            <DataList.ItemLabel>Criado em</DataList.ItemLabel>
            <DataList.ItemValue>{formatDateTime(user.createdAt) || '—'}</DataList.ItemValue>
          </DataList.Item>
          {requested && (
            <DataList.Item flexDirection="column" alignItems="flex-start" gap="1">
              <DataList.ItemLabel>Perfil Solicitado</DataList.ItemLabel>
              <DataList.ItemValue data-testid="requested-profile">{requested.name}</DataList.ItemValue>
            </DataList.Item>
          )}
        </DataList.Root>
      </Card.Body>
    </Panel>
  );
}

function InfoForm({ user, profiles }: { user: User; profiles: readonly AccessProfile[] }) {
  const { user: me } = useCurrentUser();

  async function onSubmit(values: EditUserValues, helpers: FormikHelpers<EditUserValues>) {
    try {
      const updated = await updateUser(user.id, toUpdateUserPayload(values), me?.id);
      toast.success('Usuário atualizado com sucesso!');
      helpers.resetForm({ values: editUserValues(updated) });
    } catch (error) {
      toast.error('Erro ao atualizar usuário', errorMessage(error));
    }
  }

  return (
    <SectionCard title="Informações do usuário" icon={<UserRound />}>
      <Formik initialValues={editUserValues(user)} validationSchema={editUserSchema} onSubmit={onSubmit}>
        {({ isSubmitting, dirty }) => (
          <Form noValidate aria-label="Informações do usuário">
            <Stack gap="4">
              <FormikInput name="name" label="Nome" autoComplete="off" />
              <FormikInput name="email" label="E-mail" type="email" autoComplete="off" />
              <FormikInput name="username" label="Nome de usuário" autoComplete="off" />
              {/* A pending account never holds Administrador: that is granted on the approvals page. */}
              <ProfileSelect profiles={user.isApproved ? profiles : profiles.filter((p) => p.id !== ADMIN_PROFILE_ID)} />
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

function PasswordForm({ user }: { user: User }) {
  async function onSubmit(values: SetUserPasswordRequest, helpers: FormikHelpers<SetUserPasswordRequest>) {
    try {
      await setUserPassword(user.id, values);
      toast.success('Senha alterada com sucesso!');
      helpers.resetForm();
    } catch (error) {
      toast.error('Erro ao alterar senha', errorMessage(error));
    }
  }

  return (
    <SectionCard title="Alterar senha" icon={<KeyRound />}>
      <Formik initialValues={adminPasswordInitialValues} validationSchema={adminPasswordSchema} onSubmit={onSubmit}>
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Alterar senha">
            <Stack gap="4">
              <PasswordInput name="newPassword" label="Nova senha" autoComplete="new-password" placeholder="Mínimo de 8 caracteres" />
              <PasswordInput name="confirmPassword" label="Confirmar nova senha" autoComplete="new-password" />
              <Text color="fg.muted" textStyle="xs">
                O usuário será desconectado de todas as sessões abertas.
              </Text>
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

/** An administrator signs the user out everywhere (a lost laptop, someone leaving), after a confirmation. */
function EndSessionsCard({ user }: { user: User }) {
  const [confirming, setConfirming] = useState(false);

  async function end() {
    try {
      await endUserSessions(user.id);
      toast.success('Sessões encerradas', `${user.name} foi desconectado de todos os aparelhos.`);
    } catch (error) {
      toast.error('Erro ao encerrar sessões', errorMessage(error));
      throw error;
    }
  }

  return (
    <SectionCard title="Sessões" icon={<LogOut />}>
      <Stack gap="4">
        <Text color="fg.muted" textStyle="sm">
          Desconecta o usuário de todos os navegadores e aparelhos em que está conectado. Ele poderá entrar de novo com a senha.
        </Text>
        <HStack justify="flex-end">
          <Button variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
            <LogOut /> Encerrar todas as sessões
          </Button>
        </HStack>
      </Stack>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Encerrar todas as sessões?"
        confirmLabel="Encerrar sessões"
        onConfirm={end}
      >
        {`${user.name} será desconectado de todos os aparelhos na hora.`}
      </ConfirmDialog>
    </SectionCard>
  );
}
