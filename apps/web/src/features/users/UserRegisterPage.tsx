import { Box, Button, Card, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { Form, Formik } from 'formik';
import { UserPlus } from 'lucide-react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormikInput } from '../../components/FormikInput';
import { PageHeader } from '../../components/PageHeader';
import { PasswordInput } from '../../components/PasswordInput';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { BackToUsers } from './BackToUsers';
import { ProfileSelect } from './ProfileSelect';
import { createUser } from './users.api';
import { registerUserInitialValues, registerUserSchema, toCreateUserPayload, type RegisterUserValues } from './users.schemas';
import { listOf, useAccessProfiles } from './useUsers';
import { Panel } from '../../components/Panel';

/** /users/register: 'Cadastro de Novo Usuário', with password confirmation. Needs users write. */
export default function UserRegisterPage() {
  const profiles = listOf(useAccessProfiles().data);
  const navigate = useNavigate();

  async function onSubmit(values: RegisterUserValues) {
    try {
      await createUser(toCreateUserPayload(values));
      toast.success('Usuário cadastrado com sucesso!');
      navigate('/users');
    } catch (error) {
      toast.error('Erro ao cadastrar usuário', errorMessage(error, 'Ocorreu um erro inesperado'));
    }
  }

  return (
    <Box maxW="2xl">
      <BackToUsers />
      <PageHeader title="Cadastro de Novo Usuário" description="O usuário cadastrado aqui já entra aprovado." />
      <Panel>
        <Card.Body>
          <Formik initialValues={registerUserInitialValues} validationSchema={registerUserSchema} onSubmit={onSubmit}>
            {({ isSubmitting }) => (
              <Form noValidate aria-label="Cadastro de Novo Usuário">
                <Stack gap="4">
                  <FormikInput name="name" label="Nome" autoComplete="off" placeholder="Nome completo" />
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    <FormikInput name="username" label="Nome de usuário" autoComplete="off" placeholder="nome.sobrenome" />
                    <FormikInput name="email" label="E-mail" type="email" autoComplete="off" placeholder="nome@agencia.com" />
                    <PasswordInput name="password" label="Senha" autoComplete="new-password" placeholder="Mínimo de 8 caracteres" />
                    <PasswordInput
                      name="confirmPassword"
                      label="Confirmar senha"
                      autoComplete="new-password"
                      placeholder="Repita a senha"
                    />
                  </SimpleGrid>
                  <ProfileSelect profiles={profiles} />
                  <HStack justify="flex-end" gap="2" pt="2">
                    <Button asChild variant="outline">
                      <RouterLink to="/users">Cancelar</RouterLink>
                    </Button>
                    <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText="Cadastrando...">
                      <UserPlus /> Cadastrar Usuário
                    </Button>
                  </HStack>
                </Stack>
              </Form>
            )}
          </Formik>
        </Card.Body>
      </Panel>
    </Box>
  );
}
