import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `task_rank_between(lo, hi)`: a task order key strictly between two keys (NULL: the open end), so
 * that a move computes its key in the statement that writes it (one round trip). The keys it makes
 * are fractional-indexing keys (integer part, then a fraction without a trailing '0') followed by
 * three random digits, like `rankBetween` in apps/api/src/tasks/task-rank.ts. It answers NULL for
 * whatever it does not handle (a key it cannot read, an integer part it would have to carry over,
 * a key longer than 64): the API then takes its slower path, which computes the key in TypeScript.
 */
export class TaskRankBetween1795590000000 implements MigrationInterface {
  name = 'TaskRankBetween1795590000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "task_rank_integer_length"(k varchar) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN k ~ '^[a-z]' THEN 2 + ascii(k) - ascii('a') WHEN k ~ '^[A-Z]' THEN 2 + ascii('Z') - ascii(k) END
$$`);
    // A key the function can read: base-62 digits after a letter, the integer part complete, no
    // trailing '0' in the fraction, not the smallest integer.
    await queryRunner.query(`CREATE FUNCTION "task_rank_readable"(k varchar) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT k ~ '^[A-Za-z][0-9A-Za-z]*$' COLLATE "C" AND length(k) >= task_rank_integer_length(k)
         AND NOT (length(k) > task_rank_integer_length(k) AND right(k, 1) = '0') AND k <> 'A' || repeat('0', 26)
$$`);
    await queryRunner.query(`CREATE FUNCTION "task_rank_between"(lo varchar, hi varchar) RETURNS varchar LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  digits constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  k text;
  rest text;
  n int;
  i int;
  a int;
  b int;
BEGIN
  IF NOT coalesce(task_rank_readable(lo), true) OR NOT coalesce(task_rank_readable(hi), true)
     OR lo COLLATE "C" >= hi COLLATE "C" THEN
    RETURN NULL;
  END IF;

  IF lo IS NULL AND hi IS NULL THEN
    k := 'a0';
  ELSIF hi IS NULL THEN
    -- One more in the last digit of lo's integer part.
    n := task_rank_integer_length(lo);
    IF substr(lo, n, 1) = 'z' THEN
      RETURN NULL;
    END IF;
    k := left(lo, n - 1) || substr(digits, strpos(digits, substr(lo, n, 1)) + 1, 1);
  ELSIF (lo IS NULL AND length(hi) > task_rank_integer_length(hi)) OR left(hi, length(lo)) = lo THEN
    -- hi is p followed by s (p: lo, or hi's integer part when nothing is below): p, then below s
    -- '0'* and '1' (s goes on above '1') or '0V' (it goes on with '1').
    rest := ltrim(substr(hi, coalesce(length(lo), task_rank_integer_length(hi)) + 1), '0');
    k := left(hi, length(hi) - length(rest)) || CASE WHEN left(rest, 1) COLLATE "C" > '1' THEN '1' ELSE '0V' END;
  ELSIF lo IS NULL THEN
    -- hi is a bare integer: one less in its last digit.
    IF right(hi, 1) = '0' THEN
      RETURN NULL;
    END IF;
    k := left(hi, length(hi) - 1) || substr(digits, strpos(digits, right(hi, 1)) - 1, 1);
    IF k = 'A' || repeat('0', 26) THEN
      RETURN NULL;
    END IF;
  ELSE
    -- They differ first at i: a digit between theirs there when there is one and the key stays
    -- whole (in the fraction, or the integer part's last digit); else lo followed by 'V'.
    i := 1;
    WHILE substr(lo, i, 1) = substr(hi, i, 1) LOOP
      i := i + 1;
    END LOOP;
    a := strpos(digits, substr(lo, i, 1)) - 1;
    b := strpos(digits, substr(hi, i, 1)) - 1;
    IF i >= 2 AND i >= task_rank_integer_length(lo) AND b - a > 1 THEN
      k := left(lo, i - 1) || substr(digits, 1 + (a + b + 1) / 2, 1);
    ELSE
      k := lo || 'V';
    END IF;
  END IF;

  -- Three random digits, the last not '0': moves between the same neighbours at the same time
  -- almost never pick the same key (the unique index and a retry handle the rest).
  k := k || substr(digits, 1 + floor(random() * 62)::int, 1) || substr(digits, 1 + floor(random() * 62)::int, 1)
         || substr(digits, 2 + floor(random() * 61)::int, 1);
  IF length(k) > 64 THEN
    RETURN NULL;
  END IF;
  RETURN k;
END
$$`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION "task_rank_between"(varchar, varchar)`);
    await queryRunner.query(`DROP FUNCTION "task_rank_readable"(varchar)`);
    await queryRunner.query(`DROP FUNCTION "task_rank_integer_length"(varchar)`);
  }
}
