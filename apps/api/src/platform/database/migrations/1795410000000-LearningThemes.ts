import { MigrationInterface, QueryRunner } from "typeorm";

/** Learning paths, steps, prerequisites and per-user progress; the theme catalogue and each user's theme. */
export class LearningThemes1795410000000 implements MigrationInterface {
    name = 'LearningThemes1795410000000'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`CREATE TABLE "learning_paths" ("id" SERIAL NOT NULL, "slug" character varying(60) NOT NULL, "title" character varying(120) NOT NULL, "description" text NOT NULL DEFAULT '', "category" character varying(20) NOT NULL, "difficulty" character varying(20) NOT NULL, "color" character varying(7) NOT NULL, "estimatedTime" integer NOT NULL DEFAULT '0', "position" integer NOT NULL DEFAULT '0', CONSTRAINT "UQ_learning_paths_slug" UNIQUE ("slug"), CONSTRAINT "CHK_learning_paths_difficulty" CHECK ("difficulty" IN ('beginner', 'intermediate', 'advanced')), CONSTRAINT "CHK_learning_paths_category" CHECK ("category" IN ('basic', 'workflow', 'collaboration', 'advanced')), CONSTRAINT "PK_2f073530d2af4a865296c06274c" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "learning_path_prerequisites" ("pathId" integer NOT NULL, "prerequisiteId" integer NOT NULL, CONSTRAINT "PK_d2e7a4abe634ce7385a0f7f3c94" PRIMARY KEY ("pathId", "prerequisiteId"))`);
        await queryRunner.query(`CREATE TABLE "learning_path_starts" ("userId" integer NOT NULL, "pathId" integer NOT NULL, "startedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f682942ddb48b084ad2f72bdd98" PRIMARY KEY ("userId", "pathId"))`);
        await queryRunner.query(`CREATE TABLE "learning_steps" ("id" SERIAL NOT NULL, "pathId" integer NOT NULL, "stepOrder" integer NOT NULL, "title" character varying(160) NOT NULL, "description" text NOT NULL DEFAULT '', "xp" integer NOT NULL DEFAULT '10', CONSTRAINT "UQ_learning_steps_path_order" UNIQUE ("pathId", "stepOrder"), CONSTRAINT "PK_63983177389222713c2fa2d4d7b" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "learning_progress" ("userId" integer NOT NULL, "stepId" integer NOT NULL, "completedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_97181bf9b4e4974f03df6a392d9" PRIMARY KEY ("userId", "stepId"))`);
        await queryRunner.query(`CREATE TABLE "themes" ("id" SERIAL NOT NULL, "name" character varying(60) NOT NULL, "displayName" character varying(80) NOT NULL, "description" text NOT NULL DEFAULT '', "category" character varying(20) NOT NULL, "isPremium" boolean NOT NULL DEFAULT false, "rating" real NOT NULL DEFAULT '0', "ratingCount" integer NOT NULL DEFAULT '0', "downloads" integer NOT NULL DEFAULT '0', "colors" jsonb NOT NULL, "position" integer NOT NULL DEFAULT '0', CONSTRAINT "UQ_themes_name" UNIQUE ("name"), CONSTRAINT "CHK_themes_category" CHECK ("category" IN ('default', 'dark', 'colorful', 'custom')), CONSTRAINT "PK_ddbeaab913c18682e5c88155592" PRIMARY KEY ("id"))`);
        await queryRunner.query(`CREATE TABLE "user_themes" ("userId" integer NOT NULL, "themeId" integer NOT NULL, "activatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2396ce6f4489481f03d93aa08ab" PRIMARY KEY ("userId"))`);
        await queryRunner.query(`ALTER TABLE "learning_path_prerequisites" ADD CONSTRAINT "FK_cb134a1bf518ce10a7084e91722" FOREIGN KEY ("pathId") REFERENCES "learning_paths"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "learning_path_prerequisites" ADD CONSTRAINT "FK_b9974573778fefe9752c9a73871" FOREIGN KEY ("prerequisiteId") REFERENCES "learning_paths"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "learning_path_starts" ADD CONSTRAINT "FK_14dbcc01d58ccc78950c3067524" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "learning_path_starts" ADD CONSTRAINT "FK_18dcba1e1739a9f8e6b5b136f50" FOREIGN KEY ("pathId") REFERENCES "learning_paths"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "learning_steps" ADD CONSTRAINT "FK_d84306acb7101ea1cfbbc4d5d79" FOREIGN KEY ("pathId") REFERENCES "learning_paths"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "learning_progress" ADD CONSTRAINT "FK_b9b5fc4bbe202710fdf22234227" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "learning_progress" ADD CONSTRAINT "FK_fc888c1793fa7f838a40f20c740" FOREIGN KEY ("stepId") REFERENCES "learning_steps"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "user_themes" ADD CONSTRAINT "FK_2396ce6f4489481f03d93aa08ab" FOREIGN KEY ("userId") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
        await queryRunner.query(`ALTER TABLE "user_themes" ADD CONSTRAINT "FK_878869c52bd7aa7d63c4e3c109d" FOREIGN KEY ("themeId") REFERENCES "themes"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`ALTER TABLE "user_themes" DROP CONSTRAINT "FK_878869c52bd7aa7d63c4e3c109d"`);
        await queryRunner.query(`ALTER TABLE "user_themes" DROP CONSTRAINT "FK_2396ce6f4489481f03d93aa08ab"`);
        await queryRunner.query(`ALTER TABLE "learning_progress" DROP CONSTRAINT "FK_fc888c1793fa7f838a40f20c740"`);
        await queryRunner.query(`ALTER TABLE "learning_progress" DROP CONSTRAINT "FK_b9b5fc4bbe202710fdf22234227"`);
        await queryRunner.query(`ALTER TABLE "learning_steps" DROP CONSTRAINT "FK_d84306acb7101ea1cfbbc4d5d79"`);
        await queryRunner.query(`ALTER TABLE "learning_path_starts" DROP CONSTRAINT "FK_18dcba1e1739a9f8e6b5b136f50"`);
        await queryRunner.query(`ALTER TABLE "learning_path_starts" DROP CONSTRAINT "FK_14dbcc01d58ccc78950c3067524"`);
        await queryRunner.query(`ALTER TABLE "learning_path_prerequisites" DROP CONSTRAINT "FK_b9974573778fefe9752c9a73871"`);
        await queryRunner.query(`ALTER TABLE "learning_path_prerequisites" DROP CONSTRAINT "FK_cb134a1bf518ce10a7084e91722"`);
        await queryRunner.query(`DROP TABLE "user_themes"`);
        await queryRunner.query(`DROP TABLE "themes"`);
        await queryRunner.query(`DROP TABLE "learning_progress"`);
        await queryRunner.query(`DROP TABLE "learning_steps"`);
        await queryRunner.query(`DROP TABLE "learning_path_starts"`);
        await queryRunner.query(`DROP TABLE "learning_path_prerequisites"`);
        await queryRunner.query(`DROP TABLE "learning_paths"`);
    }

}
