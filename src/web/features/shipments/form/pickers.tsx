/** The shipment form's searchable pickers: each loads 20 matching rows from the API as the user types. */
import type { CSSProperties } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import type { Airport } from '@domain/airports/schema';
import type { Company } from '@domain/companies/schema';
import { CARRIER_TYPE_BY_TRANSPORT } from '@domain/common/enums';
import type { Carrier, ConsolidationAgent, ServiceProvider } from '@domain/partners/schema';
import type { Seaport } from '@domain/seaports/schema';
import { portCity, transportOf } from '@domain/shipments/index';
import { msg } from '@domain/common/i18n';
import { t } from '@web/lib/i18n';
import { AsyncSelect, type AsyncOption } from '@web/ui/AsyncSelect';
import { pickerSources } from './api';
import { selectValue, text, type CarrierPickedProps, type SectionProps } from './form-context';
import { carrierLabel } from './form-values';

const byId = (row: { id: string; name: string }): AsyncOption => ({ value: row.id, label: row.name });
export const airportOption = (a: Airport): AsyncOption => ({ value: a.iata_code, label: `${a.iata_code} - ${a.name}` });
export const airportLine = (a: Airport) => [a.municipality, a.iso_country].filter(Boolean).join(', ');
/** Port names repeat across countries (Rotterdam NL and US): the option key is name and country. */
const portKey = (name: string, country: string) => `${name}|${country}`;
const portOption = (p: Seaport): AsyncOption => ({ value: portKey(p.name, p.country), label: `${p.name} (${p.country})` });
const portLine = (p: Seaport) => p.un_code;
const countryLine = (row: { country: string }) => row.country;
const PLACEHOLDERS = { airline: msg('Search airlines'), shipping_line: msg('Search shipping lines'), trucking_company: msg('Search trucking companies') } as const;
const providerLine = (p: ServiceProvider) => `${p.service_type} · ${p.country}`;

/** The stored reference's label for an edit form: shown until the user picks another. */
function storedOption(props: SectionProps, field: keyof SectionProps['names']): AsyncOption | null {
  const id = selectValue(props.initial[field]);
  const name = props.names[field];
  return id && name ? { value: id, label: name } : null;
}

export function CompanyPicker(props: SectionProps) {
  const { form } = props;
  return (
    <AsyncSelect<Company>
      label={t('Company')}
      placeholder={t('Search companies')}
      queryKey={['picker', 'companies']}
      fetchRows={pickerSources.companies}
      toOption={byId}
      value={selectValue(form.values.company_id)}
      selected={storedOption(props, 'company_id')}
      onChange={(_row, option) => form.setFieldValue('company_id', option?.value ?? '')}
      {...errorAndId(props, 'company_id')}
    />
  );
}

type Side = 'origin' | 'destination';
type PlaceValue = string | number | null;
/** The fields an airport or port picker reads and fills; a form may also keep the port's country apart (the shipment form). */
type PlaceValues = Record<`${Side}_${'airport' | 'port' | 'city' | 'country'}`, PlaceValue> & Partial<Record<`${Side}_port_country`, PlaceValue>>;
/** Any form with those fields: the shipment form, the request form. */
export type PlaceForm = UseFormReturnType<PlaceValues>;
type PlaceProps = { form: PlaceForm; side: Side; style?: CSSProperties };

export function AirportPicker(props: PlaceProps) {
  const { form, side, style } = props;
  const field = `${side}_airport` as const;
  const code = selectValue(form.values[field]);
  return (
    <AsyncSelect<Airport>
      style={style}
      label={side === 'origin' ? t('Origin Airport') : t('Destination Airport')}
      placeholder={t('Search by IATA code, name or city')}
      queryKey={['picker', 'airports']}
      fetchRows={pickerSources.airports}
      toOption={airportOption}
      describe={airportLine}
      value={code}
      selected={code ? { value: code, label: code } : null}
      onChange={(row, option) => {
        form.setFieldValue(field, option?.value ?? '');
        // Spec section 5: the airport fills the city (municipality) and the country (ISO code).
        if (row) {
          form.setFieldValue(`${side}_city`, row.municipality ?? '');
          form.setFieldValue(`${side}_country`, row.iso_country);
        }
      }}
      {...errorAndId(props, field)}
    />
  );
}

export function SeaportPicker(props: PlaceProps) {
  const { form, side, style } = props;
  const field = `${side}_port` as const;
  const name = text(form.values[field]);
  const portCountry = `${side}_port_country` as const;
  const country = text(form.values[portCountry]) || text(form.values[`${side}_country`]);
  const key = name ? portKey(name, country) : null;
  return (
    <AsyncSelect<Seaport>
      style={style}
      label={side === 'origin' ? t('Origin Port') : t('Destination Port')}
      placeholder={t('Search by port name, country or UN code')}
      queryKey={['picker', 'seaports']}
      fetchRows={pickerSources.seaports}
      toOption={portOption}
      describe={portLine}
      value={key}
      selected={key ? { value: key, label: country ? `${name} (${country})` : name } : null}
      onChange={(row) => {
        // Spec sections 4 and 5: the city is the port name before the first comma, the country the port's.
        form.setFieldValue(field, row?.name ?? '');
        if (portCountry in form.values) form.setFieldValue(portCountry, row?.country ?? '');
        if (row) {
          form.setFieldValue(`${side}_city`, portCity(row.name) ?? '');
          form.setFieldValue(`${side}_country`, row.country);
        }
      }}
      {...errorAndId(props, field)}
    />
  );
}

/**
 * The carrier of the transport: airlines for air, shipping lines for sea, trucking companies for land (partial by its
 * mode). The picked row's volumetric divisor goes to the form (onCarrierPicked) for the live chargeable weight.
 */
export function CarrierPicker(props: SectionProps & CarrierPickedProps) {
  const { form, onCarrierPicked } = props;
  const type = String(form.values.type);
  const mode = selectValue(form.values.transport_mode);
  const transport = transportOf({ type, transport_mode: mode });
  const label = t(carrierLabel(type, mode));
  if (!transport) {
    return <AsyncSelect<Carrier> label={t('Carrier')} placeholder={t('Choose a transport mode first')} disabled queryKey={['picker', 'carriers', 'none']} fetchRows={async () => []} toOption={byId} value={null} onChange={() => undefined} />;
  }
  const carrierType = CARRIER_TYPE_BY_TRANSPORT[transport];
  return (
    <AsyncSelect<Carrier>
      key={carrierType}
      label={label}
      description={transport === 'land' ? t('Optional') : undefined}
      placeholder={t(PLACEHOLDERS[carrierType])}
      queryKey={['picker', 'carriers', carrierType]}
      fetchRows={pickerSources.carriers(carrierType)}
      toOption={byId}
      describe={countryLine}
      value={selectValue(form.values.carrier_id)}
      selected={storedOption(props, 'carrier_id')}
      onChange={(row, option) => {
        form.setFieldValue('carrier_id', option?.value ?? '');
        onCarrierPicked(row ? { id: row.id, divisor: row.volumetric_divisor } : null);
      }}
      {...errorAndId(props, 'carrier_id')}
    />
  );
}

export function ServiceProviderPicker(props: SectionProps) {
  const { form } = props;
  return (
    <AsyncSelect<ServiceProvider>
      label={t('Service Provider')}
      description={t('Optional')}
      placeholder={t('Search service providers')}
      queryKey={['picker', 'service-providers']}
      fetchRows={pickerSources.serviceProviders}
      toOption={byId}
      describe={providerLine}
      value={selectValue(form.values.service_provider_id)}
      selected={storedOption(props, 'service_provider_id')}
      onChange={(_row, option) => form.setFieldValue('service_provider_id', option?.value ?? '')}
      {...errorAndId(props, 'service_provider_id')}
    />
  );
}

export function ConsolidationAgentPicker(props: SectionProps) {
  const { form } = props;
  return (
    <AsyncSelect<ConsolidationAgent>
      label={t('Consolidation Agent')}
      placeholder={t('Search consolidation agents')}
      queryKey={['picker', 'consolidation-agents']}
      fetchRows={pickerSources.consolidationAgents}
      toOption={byId}
      describe={countryLine}
      value={selectValue(form.values.consolidation_agent_id)}
      selected={storedOption(props, 'consolidation_agent_id')}
      onChange={(_row, option) => form.setFieldValue('consolidation_agent_id', option?.value ?? '')}
      {...errorAndId(props, 'consolidation_agent_id')}
    />
  );
}

/** id, error and asterisk of a picker (the same as getInputProps gives the other inputs). */
function errorAndId(props: { form: Pick<PlaceForm, 'getInputProps' | 'errors'> }, field: string) {
  const { id, withAsterisk } = props.form.getInputProps(field) as unknown as { id: string; withAsterisk: boolean };
  return { id, withAsterisk, error: props.form.errors[field] };
}
