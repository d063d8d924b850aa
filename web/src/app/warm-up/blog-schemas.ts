// A warm-up module (app/routes.tsx): importing it evaluates the blog's shared schemas (the data island and the
// posts it carries), which zod builds when the module loads.
export { parseBlogIsland } from '@bargains/model/contracts/blog-island';
