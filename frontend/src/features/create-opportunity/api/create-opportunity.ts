import type { Opportunity } from '@campus/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { uploadImageFile } from '@/lib/upload';
import { toCreateBody, type CreateOpportunityFormValues } from '../utils/form-values';

type CreateOpportunityInput = {
  values: CreateOpportunityFormValues;
  /** A picked or dropped image, uploaded first. */
  file: File | null;
  /** An image already stored (a clone's), used when no file is picked. */
  imageUrl: string | null;
};

/** POST /upload (when a file is picked) then POST /api/opps; every opportunity read refreshes. */
export const useCreateOpportunity = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      values,
      file,
      imageUrl,
    }: CreateOpportunityInput): Promise<Opportunity> => {
      const image = file ? await uploadImageFile(file) : imageUrl;
      return api.request('createOpportunity', { body: toCreateBody(values, image) });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['opportunities'] }),
  });
};
