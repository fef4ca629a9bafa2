import { MigrationInterface, QueryRunner } from 'typeorm';
import { TaskRankBetween1795590000000 } from './1795590000000-TaskRankBetween';

/**
 * `task_rank_between` made keys between two neighbours that differ by consecutive digits (the
 * common case once a column has seen some moves) as `lo || 'V'`: four characters longer than lo
 * with the random digits; and below a key that lo is a prefix of, the lowest digits ('1', '0V'),
 * leaving no room under them. Keys at busy spots reached 64 characters within a few thousand moves,
 * and every move there took the locked path. It now takes fractional-indexing's midpoint, as the
 * TypeScript path does:
 * - neighbours differing by consecutive digits: hi cut after that digit when hi goes on past it,
 *   else lo up to it followed by a key just above the rest of lo (its leading 'z's and one digit
 *   halfway to the top);
 * - lo a prefix of hi: a digit halfway below the rest of hi.
 * A key that is a prefix of hi gets no random digits (they could sort it past hi).
 */
export class TaskRankMidpoint1795600000000 implements MigrationInterface {
  name = 'TaskRankMidpoint1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "task_rank_between"(lo varchar, hi varchar) RETURNS varchar LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  digits constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  k text;
  rest text;
  n int;
  i int;
  a int;
  b int;
  z int;
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
    -- hi is p followed by s (p: lo, or hi's integer part when nothing is below): p and s's leading
    -- '0's, then below the rest of s: a digit halfway to its first one, else (it starts with '1')
    -- '1' when it goes on, '0V' when it is '1'.
    rest := ltrim(substr(hi, coalesce(length(lo), task_rank_integer_length(hi)) + 1), '0');
    b := strpos(digits, left(rest, 1)) - 1;
    k := left(hi, length(hi) - length(rest))
         || CASE WHEN b > 1 THEN substr(digits, 1 + (b + 1) / 2, 1) WHEN length(rest) > 1 THEN '1' ELSE '0V' END;
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
    -- They differ first at i (a digit a in lo, b in hi).
    i := 1;
    WHILE substr(lo, i, 1) = substr(hi, i, 1) LOOP
      i := i + 1;
    END LOOP;
    a := strpos(digits, substr(lo, i, 1)) - 1;
    b := strpos(digits, substr(hi, i, 1)) - 1;
    n := task_rank_integer_length(lo);
    IF i >= 2 AND i >= n AND b - a > 1 THEN
      -- A digit between theirs, and the key stays whole (in the fraction, or the integer's last digit).
      k := left(lo, i - 1) || substr(digits, 1 + (a + b + 1) / 2, 1);
    ELSIF i > n AND length(hi) > i THEN
      -- Consecutive digits in the fraction, and hi goes on: hi cut after its digit there.
      k := left(hi, i);
    ELSE
      -- lo up to i (in the fraction) or its integer part, then just above the rest of lo: its
      -- leading 'z's and a digit halfway between the next one (or '0') and the top.
      n := greatest(i, n);
      rest := substr(lo, n + 1);
      z := length(rest) - length(ltrim(rest, 'z'));
      a := CASE WHEN length(rest) > z THEN strpos(digits, substr(rest, z + 1, 1)) - 1 ELSE 0 END;
      k := left(lo, n + z) || substr(digits, 1 + (a + 63) / 2, 1);
    END IF;
  END IF;

  -- Three random digits, the last not '0': moves between the same neighbours at the same time
  -- almost never pick the same key (the unique index and a retry handle the rest). Not after a
  -- prefix of hi: the digits could sort it past hi.
  IF hi IS NULL OR left(hi, length(k)) <> k THEN
    k := k || substr(digits, 1 + floor(random() * 62)::int, 1) || substr(digits, 1 + floor(random() * 62)::int, 1)
           || substr(digits, 2 + floor(random() * 61)::int, 1);
  END IF;
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
    await new TaskRankBetween1795590000000().up(queryRunner);
  }
}
