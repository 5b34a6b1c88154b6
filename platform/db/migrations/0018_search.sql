-- Product search (decision 032): unaccent folds accents, pg_trgm ranks by trigram word similarity.
-- Both ship with PostgreSQL's contrib (the embedded PostgreSQL has them); both are "trusted"
-- extensions, so the database's owner may create them without being a superuser. A server without
-- them stops here with a message that says what to install, instead of a bare "could not open
-- extension control file".
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS unaccent;
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE EXCEPTION 'A busca de produtos precisa das extensões unaccent e pg_trgm do PostgreSQL (pacote postgresql-contrib). Instale o pacote no servidor do banco e rode, como dono do banco ou superusuário: CREATE EXTENSION unaccent; CREATE EXTENSION pg_trgm; Erro do PostgreSQL: %', SQLERRM;
END $$;
--> statement-breakpoint
-- unaccent() is only STABLE (its dictionary could change), so it cannot sit in an index or a
-- generated column; this wrapper names the dictionary explicitly, in whatever schema the extension
-- lives, and is IMMUTABLE. Lower-casing is part of it: the search compares folded text only.
DO $$
DECLARE
  extension_schema text := (SELECT extnamespace::regnamespace::text FROM pg_extension WHERE extname = 'unaccent');
BEGIN
  EXECUTE format(
    'CREATE OR REPLACE FUNCTION shop_search_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT '
    'AS $f$ SELECT lower(%1$s.unaccent(%2$L::regdictionary, value)) $f$',
    extension_schema,
    extension_schema || '.unaccent'
  );
END $$;
