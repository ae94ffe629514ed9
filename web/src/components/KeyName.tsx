// A secret's key, allowed to wrap only after its underscores: DATABASE_URL may become
// "DATABASE_" / "URL" in a narrow column, never "DATAB" / "ASE_URL".
import { Fragment } from "react";

export function KeyName({ name }: { name: string }) {
  const parts = name.split("_");
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order.
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 && (
            <>
              _<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}
