// Schemas of SPEC §7 calls for this domain are added here by the issue that builds them.
export {};
