import { z } from "zod";

/** Largest value of a Postgres `integer` column (versions, generations, counts). */
export const PG_INT_MAX = 2_147_483_647;

/**
 * A whole number a Postgres `integer` column can hold, from `min`: a larger one is refused
 * with a 400 naming the field, instead of failing the write (the contract fuzz sent 2^53).
 */
export const storedInt = (min: number) =>
  z.number().int().min(min).max(PG_INT_MAX, `must be at most ${PG_INT_MAX}`);
