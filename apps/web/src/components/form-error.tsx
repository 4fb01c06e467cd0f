import { errorMessage, fieldErrors } from "@/lib/errors";

/** A failed form submission's message, unless its errors are already shown next to the fields. */
export function FormError({ error }: { error: unknown }) {
  if (!error || Object.keys(fieldErrors(error)).length > 0) return null;
  return (
    <p className="alert error" role="alert">
      {errorMessage(error)}
    </p>
  );
}
