-- netkb migration 0002_components_kinds_constraints
-- CreateTable
CREATE TABLE "Component" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "binaries" TEXT NOT NULL,
    "images" TEXT NOT NULL,
    "configKinds" TEXT NOT NULL,
    "notes" TEXT,
    "sources" TEXT NOT NULL,

    CONSTRAINT "Component_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KindInfo" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "podTemplate" TEXT,
    "notes" TEXT,
    "sources" TEXT NOT NULL,

    CONSTRAINT "KindInfo_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Constraint" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "definition" TEXT NOT NULL,
    "featureGate" TEXT,
    "changeKey" TEXT,
    "notes" TEXT,
    "sources" TEXT NOT NULL,

    CONSTRAINT "Constraint_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Component_name_key" ON "Component"("name");

-- CreateIndex
CREATE UNIQUE INDEX "KindInfo_kind_key" ON "KindInfo"("kind");

-- CreateIndex
CREATE UNIQUE INDEX "Constraint_key_key" ON "Constraint"("key");
