import { Card, Row } from 'antd';
import { SaveOrCancel } from './SaveOrCancel.js';
import { type OwnFormProps, SettingsForm } from './SettingsForm.js';

interface Props<V> extends Omit<OwnFormProps<V>, 'submitText' | 'maxWidth' | 'actions'> {
  /** The page's title over the card. */
  title: string;
  /** Where Cancel goes: the page's list. */
  backTo: string;
}

/** An add or edit page's form: its fields in a card, two columns wide on a wide screen, with Save and Cancel under them. */
export function RecordForm<V>({ title, backTo, children, ...form }: Props<V>) {
  return (
    <Card title={title} style={{ maxWidth: 960 }}>
      <SettingsForm<V> {...form} actions={<SaveOrCancel pending={form.pending} backTo={backTo} />}>
        <Row gutter={16}>{children}</Row>
      </SettingsForm>
    </Card>
  );
}
