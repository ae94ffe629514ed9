// A moment as the reader's local date and time, with the exact ISO instant kept in the markup.
export const when = (iso: string) => <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>;
