import { Box, Field, HStack, Input, chakra } from '@chakra-ui/react';
import { useField } from 'formik';

/** '#abc' → '#aabbcc': the native colour input only takes 6-digit colours. */
function toSixDigits(color: string): string {
  const hex = color.trim();
  if (/^#[0-9a-f]{6}$/i.test(hex)) return hex.toLowerCase();
  if (/^#[0-9a-f]{3,4}$/i.test(hex)) return `#${[...hex.slice(1, 4)].map((c) => c + c).join('')}`.toLowerCase();
  if (/^#[0-9a-f]{8}$/i.test(hex)) return hex.slice(0, 7).toLowerCase();
  return '#000000';
}

const ColorInput = chakra('input');

/** The client colour: a native colour picker and the hex text, both bound to one Formik field. */
export function ColorField({ name, label, disabled }: { name: string; label: string; disabled?: boolean }) {
  const [field, meta, helpers] = useField<string>(name);
  const invalid = Boolean(meta.touched && meta.error);
  return (
    <Field.Root id={`field-${name}`} invalid={invalid} disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <HStack gap="2" w="full">
        <Box position="relative" flexShrink={0}>
          <ColorInput
            type="color"
            aria-label={`${label} (seletor)`}
            value={toSixDigits(field.value ?? '')}
            disabled={disabled}
            onChange={(e) => {
              void helpers.setValue(e.target.value);
              void helpers.setTouched(true, false);
            }}
            w="10"
            h="10"
            p="1"
            rounded="md"
            borderWidth="1px"
            borderColor="border"
            bg="bg"
            cursor={disabled ? 'not-allowed' : 'pointer'}
          />
        </Box>
        <Input {...field} maxW="40" fontFamily="mono" placeholder="#6b7280" />
      </HStack>
      {invalid && <Field.ErrorText>{meta.error}</Field.ErrorText>}
    </Field.Root>
  );
}
