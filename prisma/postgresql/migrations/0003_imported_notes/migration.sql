-- netkb migration 0003_imported_notes
-- CreateTable
CREATE TABLE "ImportedNote" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "kind" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "actionRequired" BOOLEAN NOT NULL,
    "sigs" TEXT NOT NULL,
    "components" TEXT NOT NULL,
    "prs" TEXT NOT NULL,
    "authors" TEXT NOT NULL,
    "subjects" TEXT NOT NULL,
    "sources" TEXT NOT NULL,
    "importedAt" TEXT NOT NULL,
    "sourceFile" TEXT NOT NULL,

    CONSTRAINT "ImportedNote_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ImportedNote_key_key" ON "ImportedNote"("key");

-- CreateIndex
CREATE INDEX "ImportedNote_version_idx" ON "ImportedNote"("version");
