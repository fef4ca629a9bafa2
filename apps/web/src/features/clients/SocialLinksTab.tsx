import { Button, Card, Center, Field, HStack, IconButton, Input, InputGroup, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Form, Formik, useField } from 'formik';
import { ExternalLink, Save } from 'lucide-react';
import { socialProfileUrl, SOCIAL_NETWORKS, type Client, type SocialNetwork } from '@wkflow/contracts';
import { useMemo, type FocusEvent } from 'react';
import { errorMessage } from '../../lib/fetcher';
import { toast } from '../../lib/toast';
import { updateSocialMedia } from './clients.api';
import {
  changedNetworks,
  SOCIAL_LABELS,
  SOCIAL_PLACEHOLDERS,
  socialFormValues,
  socialMediaPatch,
  type SocialFormValues,
} from './clients.logic';
import { socialSchema } from './clients.schemas';
import { Panel } from '../../components/Panel';

/** Brand colour and short mark of each network (lucide has no brand icons). */
const NETWORK_BADGE: Record<SocialNetwork, { bg: string; mark: string }> = {
  instagram: { bg: '#d62976', mark: 'IG' },
  facebook: { bg: '#1877f2', mark: 'f' },
  linkedin: { bg: '#0a66c2', mark: 'in' },
  youtube: { bg: '#ff0000', mark: '▶' },
  twitter: { bg: '#111111', mark: 'X' },
  tiktok: { bg: '#010101', mark: '♪' },
};

/** 'Redes Sociais': one URL per network; a blank value removes it (PATCH {social_media}). */
export function SocialLinksTab({ client, canWrite }: { client: Client; canWrite: boolean }) {
  const snapshot = JSON.stringify(socialFormValues(client.social_media));
  const initialValues = useMemo(() => JSON.parse(snapshot) as SocialFormValues, [snapshot]);

  async function onSubmit(values: SocialFormValues) {
    try {
      await updateSocialMedia(client.id, socialMediaPatch(values));
      toast.success('Redes sociais atualizadas');
    } catch (error) {
      toast.error('Erro ao salvar redes sociais', errorMessage(error));
    }
  }

  return (
    <Panel>
      <Card.Header>
        <Card.Title as="h2">Redes Sociais</Card.Title>
        <Card.Description>Links dos perfis do cliente. Deixe em branco para remover a rede.</Card.Description>
      </Card.Header>
      <Card.Body>
        <Formik initialValues={initialValues} validationSchema={socialSchema} onSubmit={onSubmit} enableReinitialize>
          {({ values, isSubmitting, resetForm }) => {
            const changes = changedNetworks(client.social_media, values);
            return (
              <Form noValidate aria-label="Redes Sociais">
                <Stack gap="5">
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    {SOCIAL_NETWORKS.map((network) => (
                      <SocialField key={network} network={network} readOnly={!canWrite} />
                    ))}
                  </SimpleGrid>
                  {canWrite && (
                    <HStack justify="flex-end" gap="3">
                      {changes.length > 0 && (
                        <Text textStyle="sm" color="fg.muted">
                          {changes.length === 1 ? '1 alteração' : `${changes.length} alterações`}
                        </Text>
                      )}
                      <Button variant="ghost" type="button" disabled={!changes.length || isSubmitting} onClick={() => resetForm()}>
                        Descartar
                      </Button>
                      <Button
                        type="submit"
                        colorPalette="brand"
                        loading={isSubmitting}
                        loadingText="Salvando..."
                        disabled={!changes.length}
                      >
                        <Save /> Salvar redes sociais
                      </Button>
                    </HStack>
                  )}
                </Stack>
              </Form>
            );
          }}
        </Formik>
      </Card.Body>
    </Panel>
  );
}

function SocialField({ network, readOnly }: { network: SocialNetwork; readOnly: boolean }) {
  const [field, meta, helpers] = useField<string>(network);
  // An '@handle' becomes the profile URL as the field is left.
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    const url = field.value?.trim() ? socialProfileUrl(network, field.value) : null;
    if (url && url !== field.value) void helpers.setValue(url, false);
    field.onBlur(event);
  };
  const invalid = Boolean(meta.touched && meta.error);
  const badge = NETWORK_BADGE[network];
  const saved = meta.initialValue?.trim();
  return (
    <Field.Root id={`field-${network}`} invalid={invalid}>
      <Field.Label>{SOCIAL_LABELS[network]}</Field.Label>
      <InputGroup
        endElement={
          saved ? (
            <IconButton asChild variant="ghost" size="xs" me="-2" aria-label={`Abrir ${SOCIAL_LABELS[network]}`}>
              <Link href={saved} target="_blank" rel="noopener noreferrer">
                <ExternalLink />
              </Link>
            </IconButton>
          ) : undefined
        }
        startElement={
          <Center boxSize="6" rounded="md" bg={badge.bg} color="white" fontSize="xs" fontWeight="bold" lineHeight="1">
            {badge.mark}
          </Center>
        }
      >
        <Input
          {...field}
          onBlur={onBlur}
          type="text"
          inputMode="url"
          autoComplete="off"
          placeholder={`${SOCIAL_PLACEHOLDERS[network]} ou @cliente`}
          readOnly={readOnly}
          ps="11"
        />
      </InputGroup>
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}
