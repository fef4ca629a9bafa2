import { Button, Dialog, Stack } from '@chakra-ui/react';
import { Form, Formik, type FormikConfig, type FormikProps, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import { DialogFrame } from './DialogFrame';

interface FormDialogFooterProps {
  submitLabel: string;
  submittingLabel: string;
  submitting: boolean;
  submitDisabled?: boolean;
  submitTestId?: string;
}

/** A form dialog's footer: Cancelar (closes) and the submit button, which shows its progress. */
export function FormDialogFooter({ submitLabel, submittingLabel, submitting, submitDisabled, submitTestId }: FormDialogFooterProps) {
  return (
    <Dialog.Footer>
      <Dialog.ActionTrigger asChild>
        <Button variant="outline" type="button">
          Cancelar
        </Button>
      </Dialog.ActionTrigger>
      <Button
        type="submit"
        colorPalette="brand"
        loading={submitting}
        disabled={submitDisabled}
        loadingText={submittingLabel}
        data-testid={submitTestId}
      >
        {submitLabel}
      </Button>
    </Dialog.Footer>
  );
}

type FormDialogProps<Values extends FormikValues> = Pick<
  FormikConfig<Values>,
  'initialValues' | 'validationSchema' | 'validate' | 'onSubmit'
> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's title, also the form's accessible name. */
  title: string;
  size?: 'md' | 'lg';
  scrollBehavior?: 'inside';
  /** A new key starts the form afresh (another record to edit). */
  formKey?: string | number;
  submitLabel: string;
  submittingLabel: string;
  submitDisabled?: (values: Values) => boolean;
  /** The fields, stacked; a function gets the form's state. */
  children: ReactNode | ((form: FormikProps<Values>) => ReactNode);
};

/**
 * A dialog holding one formik form: the frame, the title, the fields and the Cancelar / submit
 * footer. The form mounts with each opening, so it starts from initialValues every time.
 */
export function FormDialog<Values extends FormikValues>({
  open,
  onOpenChange,
  title,
  size,
  scrollBehavior,
  formKey,
  submitLabel,
  submittingLabel,
  submitDisabled,
  children,
  ...formik
}: FormDialogProps<Values>) {
  return (
    <DialogFrame open={open} onOpenChange={onOpenChange} size={size} scrollBehavior={scrollBehavior}>
      {open && (
        <Formik key={formKey} {...formik}>
          {(form) => (
            <Form noValidate aria-label={title} style={{ display: 'contents' }}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">{typeof children === 'function' ? children(form) : children}</Stack>
              </Dialog.Body>
              <FormDialogFooter
                submitLabel={submitLabel}
                submittingLabel={submittingLabel}
                submitting={form.isSubmitting}
                submitDisabled={submitDisabled?.(form.values)}
              />
            </Form>
          )}
        </Formik>
      )}
    </DialogFrame>
  );
}
