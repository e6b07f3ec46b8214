/** WEBHOOK_ALLOWED_NETWORKS (issue 18): parsed at start; a bad entry stops the start and is named. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@server/config';

describe('WEBHOOK_ALLOWED_NETWORKS', () => {
  it('is empty by default and reads comma-separated CIDRs', () => {
    expect(loadConfig({}).webhookAllowedNetworks).toEqual([]);
    expect(loadConfig({ WEBHOOK_ALLOWED_NETWORKS: '10.20.0.0/16, fd12:3456::/64' }).webhookAllowedNetworks.map((c) => c.prefix)).toEqual([16, 64]);
  });

  it('stops the start on an entry that is not a network, naming the variable and the entry', () => {
    expect(() => loadConfig({ WEBHOOK_ALLOWED_NETWORKS: '10.20.0.0/16,10.0.0.1/8' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOK_ALLOWED_NETWORKS: 'intranet' })).toThrow(/WEBHOOK_ALLOWED_NETWORKS: "intranet" is not a network/);
  });
});
