-- Outlier-detection durations are stored as the submitted string ("500ms", "10s", "2m"), which
-- the translators copy into mesh resources: whole seconds turned "500ms" into "1s" and "2m" into
-- "120s", so the stored intent compiled differently from what was applied. Existing rows keep
-- the value they read back as until now ("<n>s"). Renamed, not dropped and re-added, to keep it.

-- AlterTable
ALTER TABLE "FailoverPolicy" RENAME COLUMN "intervalSeconds" TO "interval";
ALTER TABLE "FailoverPolicy" RENAME COLUMN "baseEjectionSeconds" TO "baseEjectionTime";
ALTER TABLE "FailoverPolicy" ALTER COLUMN "interval" DROP DEFAULT,
ALTER COLUMN "interval" SET DATA TYPE TEXT USING ("interval"::text || 's'),
ALTER COLUMN "interval" SET DEFAULT '10s',
ALTER COLUMN "baseEjectionTime" DROP DEFAULT,
ALTER COLUMN "baseEjectionTime" SET DATA TYPE TEXT USING ("baseEjectionTime"::text || 's'),
ALTER COLUMN "baseEjectionTime" SET DEFAULT '30s';
