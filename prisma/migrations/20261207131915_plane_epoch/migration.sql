-- The plane's epoch (lib/store/desired-state.ts): a random value of this database's own, so a
-- database made afresh (a reset) never shares an epoch with the one its agents knew before.
INSERT INTO "Setting" ("key", "value", "updatedAt", "updatedBy")
VALUES ('planeEpoch', to_jsonb(gen_random_uuid()::text), now(), 'migration')
ON CONFLICT ("key") DO NOTHING;
