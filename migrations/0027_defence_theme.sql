-- The `defence` theme (docs/puzzles.md, "Themes"): every puzzle whose goal is `hold` has it, the last of
-- its themes (the themes are kept in the order the API lists them, `defence` last). Puzzles stored before
-- the theme existed get it here; the import keeps a stored puzzle as it is. Portable SQL, like 0001:
-- `themes` is a JSON array as text, so the name goes in before its closing bracket.
UPDATE puzzles
SET themes = CASE
    WHEN themes = '[]' THEN '["defence"]'
    ELSE substr(themes, 1, length(themes) - 1) || ',"defence"]'
END
WHERE goal = '{"kind":"hold"}' AND themes NOT LIKE '%"defence"%';
