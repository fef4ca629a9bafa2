import { Fieldset, SimpleGrid } from '@chakra-ui/react';
import { CLIENT_LIMITS, formatCnpj, formatPhoneBR } from '@wkflow/contracts';
import { FormikInput } from '../../components/FormikInput';
import { ColorField } from './ColorField';
import { FormikTextarea } from '../../components/FormikTextarea';

/** The fields of the client form (extended.md §5), inside a Formik form. */
export function ClientFormFields({ readOnly = false }: { readOnly?: boolean }) {
  return (
    <Fieldset.Root disabled={readOnly}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <FormikInput name="name" label="Nome" required placeholder="Nome do cliente" autoComplete="off" maxLength={CLIENT_LIMITS.name} />
        <FormikInput
          name="email"
          label="E-mail"
          type="email"
          placeholder="contato@cliente.com.br"
          autoComplete="off"
          maxLength={CLIENT_LIMITS.email}
        />
        <FormikInput
          name="phone"
          label="Telefone"
          type="tel"
          placeholder="(11) 99999-9999"
          autoComplete="off"
          maxLength={CLIENT_LIMITS.phone}
          formatOnBlur={formatPhoneBR}
        />
        <FormikInput
          name="cnpj"
          label="CNPJ"
          placeholder="00.000.000/0000-00"
          inputMode="numeric"
          autoComplete="off"
          maxLength={CLIENT_LIMITS.cnpj}
          formatOnBlur={formatCnpj}
        />
        <FormikInput
          name="address"
          label="Endereço"
          placeholder="Rua, número, bairro, cidade"
          autoComplete="off"
          maxLength={CLIENT_LIMITS.address}
        />
        <FormikInput name="website" label="Website" placeholder="https://cliente.com.br" autoComplete="off" maxLength={CLIENT_LIMITS.url} />
        {/* The rate is seen and edited only with clients write (read-only viewers never receive it). */}
        {!readOnly && (
          // An example, not a value: a bare '150,00' read as a rate already set.
          <FormikInput
            name="hourlyRate"
            label="Valor por hora (R$)"
            placeholder="Ex.: 150,00"
            helperText="Em branco: sem valor por hora (as horas do cliente ficam sem valor)."
            inputMode="decimal"
            autoComplete="off"
          />
        )}
      </SimpleGrid>
      <FormikTextarea
        name="description"
        label="Descrição"
        placeholder="Observações sobre o cliente"
        maxLength={CLIENT_LIMITS.description}
      />
      <ColorField name="color" label="Cor" disabled={readOnly} />
    </Fieldset.Root>
  );
}
