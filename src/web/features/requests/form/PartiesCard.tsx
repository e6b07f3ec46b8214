import { Autocomplete, Checkbox, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconAddressBook } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { REQUEST_PARTIES, REQUEST_PARTY_LABELS, type AddressBookEntry, type RequestParty } from '@domain/requests/parties';
import { FormSection } from '@web/ui/FormSection';
import { t } from '@web/lib/i18n';
import { msg } from '@domain/common/i18n';
import { addressBookQuery } from '../api';
import type { RequestFormApi } from './request-form';

const PARTY_HINTS: Record<RequestParty, string> = {
  shipper: msg('Leave empty when you ship it yourselves'),
  consignee: msg('Leave empty when it comes to you'),
  notify: msg('Optional: who is told when it arrives'),
};

/** One party: its name, offered from the address book (choosing one fills its address), and its address. */
function PartyFields({ form, party, book }: { form: RequestFormApi; party: RequestParty; book: AddressBookEntry[] }) {
  const title = t(REQUEST_PARTY_LABELS[party]);
  const pick = (name: string) => {
    const entry = book.find((e) => e.name === name);
    if (entry) form.setFieldValue(`${party}_address`, entry.address ?? '');
  };
  return (
    <Stack gap="xs" role="group" aria-label={title}>
      <Autocomplete
        label={title}
        description={t(PARTY_HINTS[party])}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        placeholder={book.length ? t('Type a name or pick one you saved') : undefined}
        data={book.map((e) => e.name)}
        maxLength={200}
        onOptionSubmit={pick}
        {...form.getInputProps(`${party}_name`)}
      />
      <Textarea aria-label={t('{party} address', { party: title })} placeholder={t('Address')} autosize minRows={2} maxLength={500} {...form.getInputProps(`${party}_address`)} />
    </Stack>
  );
}

/**
 * Your reference and the parties (issue 45): the PO number the shipment will carry, and shipper, consignee and notify
 * party, picked from the company's address book or typed, and kept there for next time when asked.
 */
export function PartiesCard({ form }: { form: RequestFormApi }) {
  const book = useQuery(addressBookQuery()).data?.rows ?? [];
  return (
    <FormSection title={t('Your reference and parties')} description={t('Optional: they go on the shipment and its papers')} icon={<IconAddressBook size={18} />}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('PO Number')} description={t('Your own reference, such as your purchase order')} inputWrapperOrder={['label', 'input', 'description', 'error']} maxLength={100} {...form.getInputProps('po_number')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {REQUEST_PARTIES.map((p) => (
            <PartyFields key={p} form={form} party={p} book={book} />
          ))}
        </SimpleGrid>
        <Checkbox label={t('Save these parties to our address book')} {...form.getInputProps('save_parties', { type: 'checkbox' })} />
        {book.length > 0 && (
          <Text fz="xs" c="dimmed">
            {t('{count, plural, one {# party} other {# parties}} in your address book', { count: book.length })}
          </Text>
        )}
      </Stack>
    </FormSection>
  );
}
