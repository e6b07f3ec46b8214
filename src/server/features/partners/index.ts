/** The shared service of the partner directories (carriers, service providers, consolidation agents). */
export { createOrganisationService } from './service';
