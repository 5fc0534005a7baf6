"use client";

import { KeyRound, UserPlus } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { RoleName, UserDto } from "@/lib/model/inventory";
import { useCreateUser } from "@/components/data/use-users";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";

const MIN_PASSWORD = 12;

/** A password the admin hands over once: 20 characters from an unambiguous alphabet. */
function generatePassword(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/** Add a user with a role and a first password (typed, or generated to hand over). */
export function CreateUserForm({ onCreated }: { onCreated: (user: UserDto) => void }) {
  const create = useCreateUser();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<RoleName>("viewer");
  const [password, setPassword] = useState("");
  const [shown, setShown] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!email.trim()) return setFormError("Enter the user's email address.");
    if (password.length < MIN_PASSWORD)
      return setFormError(`The password needs at least ${MIN_PASSWORD} characters.`);
    try {
      const user = await create.mutateAsync({
        email: email.trim(),
        ...(name.trim() ? { name: name.trim() } : {}),
        password,
        role,
      });
      setEmail("");
      setName("");
      setPassword("");
      setShown(false);
      onCreated(user);
    } catch (err) {
      setFormError(err instanceof Error ? err.message : "Could not add the user.");
    }
  }

  return (
    <form onSubmit={handleSubmit} aria-label="Add a user" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field label="Email" htmlFor="user-email">
          <Input
            id="user-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="name@example.org"
          />
        </Field>
        <Field label="Name (optional)" htmlFor="user-name">
          <Input id="user-name" value={name} onChange={(e) => setName(e.target.value)} />
        </Field>
        <Field label="Role" htmlFor="user-role">
          <Select id="user-role" value={role} onChange={(e) => setRole(e.target.value as RoleName)}>
            <option value="viewer">Viewer — reads everything</option>
            <option value="operator">Operator — plans and applies changes</option>
            <option value="admin">Admin — also clusters, users, settings</option>
          </Select>
        </Field>
        <Field
          label="First password"
          htmlFor="user-password"
          hint="Hand it over yourself; Meridian never shows it again."
        >
          <div className="flex gap-1.5">
            <Input
              id="user-password"
              type={shown ? "text" : "password"}
              autoComplete="new-password"
              className="min-w-0 flex-1 font-mono"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button
              type="button"
              onClick={() => {
                setPassword(generatePassword());
                setShown(true);
              }}
            >
              <KeyRound className="size-3.5" aria-hidden />
              Generate
            </Button>
          </div>
        </Field>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" loading={create.isPending}>
          {create.isPending ? null : <UserPlus className="size-3.5" aria-hidden />}
          Add user
        </Button>
        {formError ? (
          <p role="alert" className="text-[13px] text-red-700 dark:text-red-300">
            {formError}
          </p>
        ) : null}
      </div>
    </form>
  );
}
