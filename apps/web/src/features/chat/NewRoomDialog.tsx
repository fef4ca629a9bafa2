import { FormDialog } from '../../components/FormDialog';
import { FormikInput } from '../../components/FormikInput';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { createRoom } from './chat.api';
import { emptyRoomValues, roomSchema, type RoomFormValues } from './chat.schemas';
import type { ChatRoom } from '@wkflow/contracts';

/** 'Nova sala': a non-blank name and an optional description → 'Sala criada'. */
export function NewRoomDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (room: ChatRoom | null) => void;
}) {
  async function onSubmit(values: RoomFormValues) {
    try {
      const room = await createRoom({ name: values.name.trim(), description: values.description.trim() });
      toast.success('Sala criada');
      onOpenChange(false);
      onCreated(room);
    } catch (error) {
      toast.error('Erro ao criar sala', errorMessage(error));
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Nova sala"
      initialValues={emptyRoomValues}
      validationSchema={roomSchema}
      onSubmit={onSubmit}
      submitLabel="Criar sala"
      submittingLabel="Criando..."
      submitDisabled={(values) => !values.name.trim()}
    >
      <FormikInput name="name" label="Nome" required placeholder="Ex.: Geral" autoComplete="off" autoFocus />
      <FormikInput name="description" label="Descrição" placeholder="Sobre o que é esta sala (opcional)" autoComplete="off" />
    </FormDialog>
  );
}
