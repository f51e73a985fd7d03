/** RFC 9457 problem details, the body of every error answer. `message` mirrors `detail` for the UI. */
export type Problem = {
  type: string;
  title: string;
  status: number;
  detail: string;
  message: string;
  errors?: { field: string; message: string }[] | undefined;
};
