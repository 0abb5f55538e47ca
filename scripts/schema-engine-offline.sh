#!/bin/sh
# Stands in for Prisma's native schema-engine binary, which cannot be downloaded on these machines.
# `prisma generate` only needs the variable PRISMA_SCHEMA_ENGINE_BINARY to point at an executable;
# migrations go through the WebAssembly engine instead (src/db/migrate-engine.mjs).
echo "netkb: the native Prisma schema engine is not used offline; run 'npm run db:migrate' instead." >&2
exit 1
