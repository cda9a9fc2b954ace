import { parseFeatureSwitches, type FeatureSwitches } from '@shop/domain';

/**
 * The shop's feature switches as the client sees them: domain's defaults for now.
 * TODO(#3): read overrides from server configuration (parseFeatureSwitches takes its JSON).
 */
export const features: Readonly<FeatureSwitches> = parseFeatureSwitches(undefined);
