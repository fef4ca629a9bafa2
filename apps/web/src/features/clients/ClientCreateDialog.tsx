import { FormDialog } from '../../components/FormDialog';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { createClient } from './clients.api';
import { clientSchema, emptyClientValues, toClientPayload, type ClientFormValues } from './clients.schemas';
import { ClientFormFields } from './ClientFormFields';

/** 'Novo Cliente': the client form; on success opens the new client's page (logo, social, credentials). */
export function ClientCreateDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const navigate = useNavigate();

  async function onSubmit(values: ClientFormValues) {
    try {
      const client = await createClient(toClientPayload(values));
      toast.success('Cliente criado', `${client.name} foi adicionado.`);
      onOpenChange(false);
      navigate(`/clients/${client.id}`);
    } catch (error) {
      toast.error('Erro ao criar cliente', errorMessage(error));
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Novo Cliente"
      size="lg"
      scrollBehavior="inside"
      initialValues={emptyClientValues}
      validationSchema={clientSchema}
      onSubmit={onSubmit}
      submitLabel="Criar Cliente"
      submittingLabel="Criando..."
    >
      <ClientFormFields />
    </FormDialog>
  );
}
