-- Issue 29: a vehicle's kind and use are keys the console names in the reader's language, no longer typed words.
-- A word that names a key (any case, English) becomes that key; any other word becomes 'other'; an empty one none.
UPDATE "vehicle" SET "kind_name" = CASE lower(btrim("kind_name"))
	WHEN '' THEN NULL
	WHEN 'car' THEN 'car'
	WHEN 'van' THEN 'van'
	WHEN 'truck' THEN 'truck'
	WHEN 'lorry' THEN 'truck'
	WHEN 'tractor unit' THEN 'tractorUnit'
	WHEN 'tractorunit' THEN 'tractorUnit'
	WHEN 'bus' THEN 'bus'
	WHEN 'coach' THEN 'bus'
	WHEN 'minibus' THEN 'minibus'
	WHEN 'trailer' THEN 'trailer'
	WHEN 'machine' THEN 'machine'
	ELSE 'other'
END WHERE "kind_name" IS NOT NULL;
--> statement-breakpoint
UPDATE "vehicle" SET "use_for" = CASE lower(btrim("use_for"))
	WHEN '' THEN NULL
	WHEN 'delivery' THEN 'delivery'
	WHEN 'deliveries' THEN 'delivery'
	WHEN 'haulage' THEN 'haulage'
	WHEN 'passengers' THEN 'passengers'
	WHEN 'passenger transport' THEN 'passengers'
	WHEN 'construction' THEN 'construction'
	WHEN 'service' THEN 'service'
	WHEN 'rental' THEN 'rental'
	WHEN 'emergency' THEN 'emergency'
	ELSE 'other'
END WHERE "use_for" IS NOT NULL;
--> statement-breakpoint
-- The first Super Admin was created with the real name "Super Admin" (an English role name shown as a person's name):
-- it has none, until the person enters theirs.
UPDATE "account" SET "real_name" = NULL WHERE "username" = 'admin' AND "role" = 'SUPER_ADMIN' AND "real_name" = 'Super Admin';
